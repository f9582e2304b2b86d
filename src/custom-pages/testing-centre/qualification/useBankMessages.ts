import { useDataProvider, useGetList, useNotify, type RaRecord } from 'react-admin';
import type { ClassificationKind } from '../../../../schemas/bank-message.schema';
import { invalidateCallCache } from '../../../providers/callCache';
import { useApiClient } from '../../../providers/ServicesContext';
import { getResource } from '../../../resources/registry';

export type Expected = Partial<Record<ClassificationKind, unknown[]>>;
export type Qualification = Partial<Record<ClassificationKind, 'qualified' | 'not_qualified'>>;

/** A message of the bank as the list gives it. */
export interface BankMessage extends RaRecord {
  id: string;
  name: string;
  inputType: 'file' | 'text' | 'mail';
  filename?: string | null;
  text?: string | null;
  tags: string[];
  expected: Expected;
  qualification: Qualification;
  qualificationStatus: 'qualified' | 'partially_qualified' | 'not_qualified';
}

/**
 * A page of the bank's messages (of a tag, of a status), and the change of one message's
 * expectations and qualification through the resource's own PUT (validated and audited like any
 * edit of the generated form).
 */
export const useBankMessages = (
  projectId: string,
  { tag, status, page, perPage }: { tag: string; status: string; page: number; perPage: number },
) => {
  const resource = getResource('messages').apiResource(projectId);
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const client = useApiClient();
  const list = useGetList<BankMessage>(resource, {
    pagination: { page, perPage },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { ...(tag ? { tags: tag } : {}), ...(status ? { qualificationStatus: status } : {}) },
  });
  const save = async (message: BankMessage, change: { expected: Expected; qualification: Qualification }) => {
    try {
      await dataProvider.update(resource, {
        id: message.id,
        data: {
          name: message.name,
          tags: message.tags,
          ...(message.inputType === 'text' ? { text: message.text } : {}),
          expected: change.expected,
          qualification: change.qualification,
        },
        previousData: message,
      });
      invalidateCallCache(client);
      await list.refetch();
      return true;
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      return false;
    }
  };
  return { ...list, save };
};
