import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { isErrorCode } from '../../schemas/error-codes';
import { errorCodeOf, errorMessage, serverMessage } from '../api/errors';
import { isTraceMessage, useTraceText } from '../custom-pages/environment/analysis-result/traceText';
import { translateError } from '../i18n/errorCodes';

/**
 * A call a test page makes on demand (NLU test, extraction test, reply test): its last answer, its
 * error in the user's words, and whether it is under way. A new run clears the last error. A test
 * that failed (*_TEST_FAILED) says why: its `reason` by code where the server gave one (`trace`,
 * schemas/trace-messages.ts), in the user's language.
 *
 * @example
 * const test = useTestRun<Answer>();
 * <Button onClick={() => void test.run(() => client.call(testReply, input))} disabled={test.busy} />
 */
export const useTestRun = <T>() => {
  const translate = useTranslate();
  const { say } = useTraceText();
  const [answer, setAnswer] = useState<T>();
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<T>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      setAnswer(await call());
    } catch (error) {
      setFailure({ error });
    } finally {
      setBusy(false);
    }
  };
  /** The error in the user's words, said when shown: a change of language says it again. */
  const describe = (error: unknown) => {
    const coded = errorCodeOf(error);
    if (!coded || !isErrorCode(coded.code) || !isTraceMessage(coded.params.trace)) return errorMessage(error);
    const words = serverMessage(error);
    const reason = say(
      coded.params.trace,
      typeof coded.params.reason === 'string' ? coded.params.reason : words,
    );
    return translateError(translate, coded.code, { ...coded.params, reason }, words);
  };
  return { answer, error: failure ? describe(failure.error) : undefined, busy, run };
};
