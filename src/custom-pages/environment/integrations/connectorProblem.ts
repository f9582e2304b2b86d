import type { TranslateFunction } from 'react-admin';
import type { ConnectorProblem, ImapSettings } from '../../../../schemas/contracts/connectors';
import { errorCodeOf, errorMessage } from '../../../api/errors';

/**
 * A connector's problem (its health's, a run's) in the user's language, by its code
 * (`app.integrations.problems.<code>`) with its parameters; the server's English sentence for a
 * code the console does not know or words whose parameters did not all come.
 *
 * @example
 * problemText(translate, { code: 'IMAP_FOLDER_MISSING', message: '…', params: { folder: 'Claims' } });
 * // 'Le dossier Claims n’existe pas sur le serveur'
 */
export const problemText = (translate: TranslateFunction, problem: ConnectorProblem): string => {
  const said = translate(`app.integrations.problems.${problem.code}`, {
    ...problem.params,
    _: problem.message,
  });
  return /%\{\w+\}/.test(said) ? problem.message : said;
};

/**
 * Why an activation was refused, in the user's language: a CONNECTOR_CHECK_FAILED answer names its
 * problem's code and English reason, and the connector's settings give the values its words need
 * (host, port, user, folder); any other failure is said as errorMessage says it.
 */
export const activationFailure = (
  translate: TranslateFunction,
  error: unknown,
  settings: ImapSettings,
): string => {
  const coded = errorCodeOf(error);
  if (coded?.code !== 'CONNECTOR_CHECK_FAILED') return errorMessage(error);
  const { problem, reason } = coded.params;
  const words = typeof reason === 'string' ? reason : errorMessage(error);
  const said =
    typeof problem === 'string'
      ? problemText(translate, {
          code: problem,
          message: words,
          params: {
            host: settings.host,
            port: settings.port,
            user: settings.username,
            folder: settings.folder,
          },
        })
      : words;
  return translate('app.integrations.detail.healthFailed', { reason: said });
};
