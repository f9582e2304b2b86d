import { useTranslate } from 'react-admin';
import { errorCodeOf, serverMessage } from '../../../api';
import { isTraceMessage, useTraceText } from '../analysis-result/traceText';

/**
 * What a test page says of a file the extractor could not read (EXTRACTION_FAILED): the parser's
 * reason by code (`params.trace`) in the user's language, else its English words; undefined for any
 * other refusal, which the page says its own way.
 *
 * @example
 *   const failure = useExtractionFailure();
 *   failure(error); // 'Le fichier n’a pas pu être lu : Le PDF est protégé par un mot de passe'
 */
export const useExtractionFailure = () => {
  const translate = useTranslate();
  const { say } = useTraceText();
  return (error: unknown): string | undefined => {
    const coded = errorCodeOf(error);
    if (coded?.code !== 'EXTRACTION_FAILED') return undefined;
    const trace = isTraceMessage(coded.params.trace) ? coded.params.trace : undefined;
    return translate('app.extractor.test.failed', { reason: say(trace, serverMessage(error)) });
  };
};
