import type { TranslateFunction } from 'react-admin';
import type { Connector, ConnectorProblem } from '../../../../schemas/contracts/connectors';
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
 * The values a problem's words may need, from the connector's settings (a CONNECTOR_CHECK_FAILED
 * answer names only the problem's code): IMAP's host, port, user and folder; Exchange's user (the
 * mailbox read), tenant and client (its client id), as server/integrations/mailboxes/graph.ts
 * names them; Gmail's user (the mailbox read), and client when it has its own OAuth client
 * (GMAIL_AUTH_FAILED, GMAIL_REAUTHORIZE…). A problem is never given another app type's values.
 */
export const problemParams = (connector: Connector): Record<string, string | number> => {
  switch (connector.appType) {
    case 'imap': {
      const s = connector.settings;
      return { host: s.host, port: s.port, user: s.username, folder: s.folder };
    }
    case 'exchange': {
      const s = connector.settings;
      return { user: s.userEmail, tenant: s.tenantId, client: s.clientId };
    }
    case 'gmail': {
      const s = connector.settings;
      return { user: s.user, ...(s.customCredentials && s.clientId ? { client: s.clientId } : {}) };
    }
  }
};

/**
 * Why an activation was refused, in the user's language: a CONNECTOR_CHECK_FAILED answer names its
 * problem's code and English reason, and the connector's settings give the values its words need
 * (problemParams); any other failure is said as errorMessage says it.
 */
export const activationFailure = (
  translate: TranslateFunction,
  error: unknown,
  connector: Connector,
): string => {
  const coded = errorCodeOf(error);
  if (coded?.code !== 'CONNECTOR_CHECK_FAILED') return errorMessage(error);
  const { problem, reason } = coded.params;
  const words = typeof reason === 'string' ? reason : errorMessage(error);
  const said =
    typeof problem === 'string'
      ? problemText(translate, { code: problem, message: words, params: problemParams(connector) })
      : words;
  return translate('app.integrations.detail.healthFailed', { reason: said });
};
