import { useCallback, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { setTagVisibility, type TagVisibility } from '../../../../schemas/contracts/test-sets';
import { invalidateCallCache } from '../../../providers/callCache';
import { useApiClient } from '../../../providers/ServicesContext';
import { testingErrorMessage } from '../messages-bank/testingErrors';

/**
 * Makes a tag public or private (spec pipeline §4 "Tag: public or private"), then has every list
 * that reads tags (test sets, tag pickers, the tests list's visibilities) ask again. `busy` is the
 * tag being changed.
 */
export const useTagVisibility = (projectId: string) => {
  const client = useApiClient();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState<string>();
  const change = useCallback(
    async (tag: string, visibility: TagVisibility) => {
      setBusy(tag);
      try {
        await client.call(setTagVisibility, { params: { projectId }, body: { tag, visibility } });
        invalidateCallCache(client);
        notify(`app.testing.tagVisibility.made.${visibility}`, { type: 'info', messageArgs: { tag } });
      } catch (error) {
        notify(testingErrorMessage(error, translate), { type: 'error' });
      } finally {
        setBusy(undefined);
      }
    },
    [client, notify, translate, projectId],
  );
  return { busy, change };
};
