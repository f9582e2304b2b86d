/**
 * Coalesces many small statements of one kind into fewer: the calls made in one turn of the event
 * loop (the requests whose data arrived together) go in one statement, at the end of that turn;
 * calls made while it runs go together in the next. So an idle server answers as quickly as
 * without it, and a busy one sends one statement where it would have sent dozens (a group
 * commit): on PGlite each statement costs far more than one more row in it. (Waiting only for a
 * statement in flight would not do: PGlite runs a statement in one go, so none is ever in flight
 * when the next request comes.)
 *
 * `run` gets the batch's inputs and answers one output per input, in order. When a batch of
 * several fails, each of its calls is run again alone, so that one bad input fails only its own
 * call.
 *
 * @example
 * const readStatus = coalesce((ids: string[]) => selectStatuses(db, ids));
 * const status = await readStatus(id);
 */
export const coalesce = <I, O>(run: (inputs: I[]) => Promise<O[]>, maxBatch = 256) => {
  type Call = { input: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let waiting: Call[] = [];
  let running = false;

  const settle = async (batch: Call[]) => {
    try {
      const outputs = await run(batch.map((c) => c.input));
      batch.forEach((c, i) => c.resolve(outputs[i]));
    } catch (err) {
      if (batch.length === 1) batch[0].reject(err);
      else for (const c of batch) await settle([c]);
    }
  };

  const drain = async () => {
    running = true;
    while (waiting.length) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(maxBatch);
      await settle(batch);
    }
    running = false;
  };

  return (input: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!running) {
        running = true;
        setImmediate(() => void drain());
      }
    });
};
