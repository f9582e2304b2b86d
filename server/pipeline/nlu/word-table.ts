/**
 * A hash table of words read straight from a text's characters: a token of an ASCII text is looked
 * up by its offsets, lower-cased on the fly, without cutting a string for it. Keys are compared
 * character by character, so a lookup is exact (a hash only says where to look).
 *
 * Open addressing with linear probing over typed arrays: one probe touches two small arrays, where
 * a `Map` of strings touches its buckets, its entries and the key string.
 */

/** FNV-1a step (the tokeniser hashes ASCII words as it cuts them, with the same steps). */
export const mix = (hash: number, code: number) => Math.imul(hash ^ code, 0x01000193);
export const SEED = 0x811c9dc5 | 0;

/** An ASCII letter's lower case; other codes as they are. */
export const lowerCode = (c: number) => (c >= 65 && c <= 90 ? c | 0x20 : c);

/** The hash of a word given as a string. */
export const hashWord = (word: string): number => {
  let hash = SEED;
  for (let i = 0; i < word.length; i++) hash = mix(hash, word.charCodeAt(i));
  return hash;
};

/** The hash of text[from, to) lower-cased (ASCII): equal to `hashWord` of that lower-cased word. */
export const hashSpan = (text: string, from: number, to: number): number => {
  let hash = SEED;
  for (let i = from; i < to; i++) hash = mix(hash, lowerCode(text.charCodeAt(i)));
  return hash;
};

const sameSpan = (key: string, text: string, from: number, to: number): boolean => {
  if (key.length !== to - from) return false;
  for (let k = 0; k < key.length; k++)
    if (key.charCodeAt(k) !== lowerCode(text.charCodeAt(from + k))) return false;
  return true;
};

/**
 * Words of up to 24 characters below U+0100 are kept packed in their record (a character a byte,
 * zero after the last, in six 32-bit numbers of four characters each) and compared there
 * without reading the key string; a first quarter of 0 means "not packed" (a packed word's first
 * character is never 0).
 */
const QUARTERS = 6;
const PACKED = QUARTERS * 4;

/** Quarter `q` of a packed word, or 0 when it does not pack. */
const packWord = (word: string, q: number): number => {
  if (word.length > PACKED) return 0;
  let packed = 0;
  for (let k = 0; k < word.length; k++) {
    const c = word.charCodeAt(k);
    if (c === 0 || c > 255) return 0;
    if (k >> 2 === q) packed |= c << (8 * (k & 3));
  }
  return packed;
};

/**
 * Whether record `at`, a packed word, holds text[from, to) lower-cased: one pass over the span's
 * characters against the record's bytes, then the byte after the last must end the word. A
 * character 0 or above U+00FF never packs, so it never matches.
 */
const packedSpanAt = (r: Int32Array, at: number, text: string, from: number, to: number): boolean => {
  const length = to - from;
  if (length > PACKED) return false;
  for (let k = 0; k < length; k++) {
    const c = lowerCode(text.charCodeAt(from + k));
    if (c === 0 || ((r[at + 2 + (k >> 2)] >>> (8 * (k & 3))) & 0xff) !== c) return false;
  }
  return length === PACKED || ((r[at + 2 + (length >> 2)] >>> (8 * (length & 3))) & 0xff) === 0;
};

/**
 * Record fields: hash, slot (see `slotOf`; 0: empty), packed quarters. Most lookups read one
 * record (32 bytes) and nothing else.
 */
const FIELDS = 2 + QUARTERS;
const INITIAL = 1024;

/** A slot's flag: its value is the table's `common` one, returned without reading the values. */
const COMMON = 4;
/** A word's tag: two bits its owner reads straight from the slot (see `slotTag`). */
const TAG_BITS = 3;

/**
 * What a record says of its word: the key's index + 1, then the COMMON flag and the tag in the
 * three low bits. Never 0, the empty record's.
 */
const slotOf = (keyIndex: number, common: boolean, tag: number) =>
  ((keyIndex + 1) << 3) | (common ? COMMON : 0) | (tag & TAG_BITS);

/** The tag a word was added with, read from its slot without loading its value. */
export const slotTag = (slot: number) => slot & TAG_BITS;

/**
 * Words (normal forms) to values.
 *
 * @example
 *   const table = new WordTable<number>(0); table.add('claim', hashWord('claim'), 1);
 *   table.get('A Claim', 2, 7, hashSpan('A Claim', 2, 7)); // 1
 */
export class WordTable<V> {
  private records = new Int32Array(INITIAL * FIELDS);
  private keys: string[] = [];
  private values: V[] = [];

  /** `common`: the value most words have (kept in the records themselves). */
  constructor(private readonly common: V) {}

  get size(): number {
    return this.keys.length;
  }

  /**
   * The slot of text[from, to) with its ASCII letters lower-cased (a normal form, or a word of a
   * printable-ASCII text), 0 when absent; `hash` is its `hashSpan`. `valueOf` and `slotTag` read it.
   */
  find(text: string, from: number, to: number, hash: number): number {
    const r = this.records;
    const mask = r.length / FIELDS - 1;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const at = s * FIELDS;
      const slot = r[at + 1];
      if (slot === 0) return 0;
      if (r[at] !== hash) continue;
      // A word that does not pack never equals one that does: either comparison is exact.
      if (
        r[at + 2] !== 0
          ? packedSpanAt(r, at, text, from, to)
          : sameSpan(this.keys[(slot >>> 3) - 1], text, from, to)
      )
        return slot;
    }
  }

  /** The value of a slot `find` or `add` answered. */
  valueOf(slot: number): V {
    return slot & COMMON ? this.common : this.values[(slot >>> 3) - 1];
  }

  /** The value of text[from, to) (see `find`). */
  get(text: string, from: number, to: number, hash: number): V | undefined {
    const slot = this.find(text, from, to, hash);
    return slot === 0 ? undefined : this.valueOf(slot);
  }

  /**
   * Reads the first record each hash probes, all at once, before any lookup: the reads do not
   * depend on one another, so the processor overlaps their cache misses, where lookups one after
   * the other wait for each in turn. Returns a value only so that the reads are not dropped.
   */
  warm(hashes: ArrayLike<number>): number {
    const r = this.records;
    const mask = r.length / FIELDS - 1;
    let any = 0;
    for (let i = 0; i < hashes.length; i++) any |= r[(hashes[i] & mask) * FIELDS + 1];
    return any;
  }

  /** Adds a word not in the table yet, with a tag of two bits (0–3); answers its slot. */
  add(word: string, hash: number, value: V, tag = 0): number {
    if ((this.keys.length + 1) * 2 * FIELDS > this.records.length) this.grow();
    const slot = slotOf(this.keys.length, value === this.common, tag);
    this.keys.push(word);
    this.values.push(value);
    const quarters = Array.from({ length: QUARTERS }, (_, q) => packWord(word, q));
    this.place(this.records, [hash, slot, ...quarters]);
    return slot;
  }

  clear(): void {
    this.records = new Int32Array(INITIAL * FIELDS);
    this.keys = [];
    this.values = [];
  }

  private place(r: Int32Array, record: ArrayLike<number>) {
    const mask = r.length / FIELDS - 1;
    let s = record[0] & mask;
    while (r[s * FIELDS + 1] !== 0) s = (s + 1) & mask;
    for (let f = 0; f < FIELDS; f++) r[s * FIELDS + f] = record[f];
  }

  private grow() {
    const old = this.records;
    this.records = new Int32Array(old.length * 2);
    for (let at = 0; at < old.length; at += FIELDS)
      if (old[at + 1] !== 0) this.place(this.records, old.subarray(at, at + FIELDS));
  }
}
