/**
 * A typed array kept from text to text for one use at a time, longer when a text needs more. A
 * typed array longer than 64 bytes lives outside the V8 heap: making and freeing one per text or per
 * search costs about a microsecond (docs/decisions/nlu-memory-bound-work.md).
 *
 * @example
 *   const marks = new Scratch((n) => new Uint8Array(n));
 *   const m = marks.cleared(tokens); // m[0 … tokens - 1] are 0; m may be longer
 */
export class Scratch<A extends Uint8Array | Float64Array> {
  private array: A;

  constructor(private readonly make: (length: number) => A) {
    this.array = make(1024);
  }

  /** The array, at least `length` long; its contents are what the last use left. */
  atLeast(length: number): A {
    if (this.array.length < length) this.array = this.make(Math.max(length, this.array.length * 2));
    return this.array;
  }

  /** The array, at least `length` long, with its first `length` elements 0. */
  cleared(length: number): A {
    return this.atLeast(length).fill(0, 0, length) as A;
  }
}
