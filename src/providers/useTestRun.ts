import { useState } from 'react';
import { errorMessage } from '../api/errors';

/**
 * A call a test page makes on demand (NLU test, extraction test, reply test): its last answer, its
 * error in the user's words, and whether it is under way. A new run clears the last error.
 *
 * @example
 * const test = useTestRun<Answer>();
 * <Button onClick={() => void test.run(() => client.call(testReply, input))} disabled={test.busy} />
 */
export const useTestRun = <T>() => {
  const [answer, setAnswer] = useState<T>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<T>) => {
    setBusy(true);
    setError(undefined);
    try {
      setAnswer(await call());
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { answer, error, busy, run };
};
