import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { NewAnalysis } from '../../../../schemas/contracts/analyses';
import { createAnalysis } from '../../../../schemas/contracts/analyses';
import { useApiClient } from '../../../providers/ServicesContext';
import type { CreationErrors } from './creationErrors';
import { creationErrors } from './creationErrors';

/**
 * Launches an analysis from a dialog: resolves to whether it was created. The list is asked again
 * at once, so the new row shows waiting before the next poll; refusals land on the dialog's fields.
 */
export const useCreateAnalysis = (envId: string) => {
  const client = useApiClient();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<CreationErrors>({});

  const create = async (input: NewAnalysis): Promise<boolean> => {
    setBusy(true);
    setErrors({});
    try {
      const created = await client.call(createAnalysis, { params: { envId }, body: input });
      notify('app.analyses.created', { type: 'success', messageArgs: { name: created.name } });
      refresh();
      return true;
    } catch (error) {
      setErrors(creationErrors(error, input, translate));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { create, busy, errors };
};
