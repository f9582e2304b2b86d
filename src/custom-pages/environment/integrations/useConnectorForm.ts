import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ConnectorAppType } from '../../../../schemas/contracts/connectors';
import { detailMessage, errorMessage } from '../../../api/errors';
import { serverProblemsOf } from '../modules/serverProblems';
import { draftProblems, type ConnectorDraft, type ConnectorSettings } from './connectorDraft';

const settings = (...fields: string[]) => fields.map((f) => `settings.${f}`);
const COMMON_PATHS = [
  'name',
  'appType',
  ...settings('startDate', 'blacklist', 'postProcessors', 'expectConsolidation'),
];
/** The paths ConnectorFields shows a problem under, by app type (a path below one, `settings.blacklist.2`, too). */
const FIELD_PATHS: Record<ConnectorAppType, string[]> = {
  imap: [
    ...COMMON_PATHS,
    'secrets.password',
    ...settings('host', 'port', 'security', 'username', 'folder', 'draftsFolder'),
  ],
  exchange: [...COMMON_PATHS, 'secrets.clientSecret', ...settings('clientId', 'tenantId', 'userEmail')],
  gmail: [
    ...COMMON_PATHS,
    'secrets.clientSecret',
    ...settings('customCredentials', 'clientId', 'redirectUri', 'user'),
  ],
};
const shownByField = (appType: ConnectorAppType, path: string) =>
  FIELD_PATHS[appType].some((p) => path === p || path.startsWith(`${p}.`));

/**
 * A connector form's state: the draft, its problems by path (the client's own once a submission was
 * tried, the server's refusal until its field changes), and the submission. A refusal's `details`
 * show under their fields in the user's language (by code); what no field shows is the failure.
 */
export const useConnectorForm = (
  initial: ConnectorDraft,
  options: { secretRequired: boolean; stored?: ConnectorSettings },
) => {
  const translate = useTranslate();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const own = draftProblems(translate, draft, options);
  const problems = { ...server, ...(tried ? own : {}) };

  const change = (next: ConnectorDraft, path: string) => {
    setDraft(next);
    setServer((s) =>
      Object.fromEntries(Object.entries(s).filter(([p]) => p !== path && !p.startsWith(`${path}.`))),
    );
  };

  /** Runs `save` unless the draft holds a problem; resolves to whether it saved. */
  const submit = async (save: (draft: ConnectorDraft) => Promise<void>): Promise<boolean> => {
    setTried(true);
    if (Object.keys(own).length > 0) {
      setFailure(translate('app.integrations.form.fix'));
      return false;
    }
    setBusy(true);
    setFailure(undefined);
    setServer({});
    try {
      await save(draft);
      return true;
    } catch (error) {
      const refused = Object.entries(serverProblemsOf(error)).map(
        ([path, problem]) => [path, detailMessage(problem)] as const,
      );
      setServer(Object.fromEntries(refused.filter(([path]) => shownByField(draft.appType, path))));
      const stray = refused.filter(([path]) => !shownByField(draft.appType, path)).map(([, said]) => said);
      setFailure(
        refused.length === 0
          ? errorMessage(error)
          : stray.length > 0
            ? stray.join(' ')
            : translate('app.integrations.form.fix'),
      );
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { draft, change, problems, failure, busy, submit };
};
