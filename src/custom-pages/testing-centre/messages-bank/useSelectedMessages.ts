import { useMemo } from 'react';
import { useGetMany, useListContext, useResourceContext } from 'react-admin';

export interface NamedMessage {
  id: string;
  name: string;
}

const named = (record: { id: unknown; name?: unknown }): NamedMessage => ({
  id: String(record.id),
  name: typeof record.name === 'string' ? record.name : '',
});

/**
 * The selected messages of the bank's list with their names, in the order the list shows them;
 * those selected on another page come after, in the order they were selected, read from the server
 * while `enabled`. `missing`: selected messages that could not be read (deleted meanwhile).
 */
export const useSelectedMessages = (
  enabled: boolean,
): { messages: NamedMessage[]; isPending: boolean; missing: number } => {
  const resource = useResourceContext() ?? '';
  const { data, selectedIds } = useListContext();
  const elsewhere = useMemo(
    () => selectedIds.filter((id) => !(data ?? []).some((record) => record.id === id)),
    [data, selectedIds],
  );
  const read = useGetMany(
    resource,
    { ids: elsewhere },
    { enabled: enabled && resource !== '' && elsewhere.length > 0 },
  );
  const messages = useMemo(() => {
    const onPage = (data ?? []).filter((record) => selectedIds.includes(record.id));
    const others = elsewhere.flatMap((id) => read.data?.filter((record) => record.id === id) ?? []);
    return [...onPage, ...others].map(named);
  }, [data, selectedIds, elsewhere, read.data]);
  const isPending = elsewhere.length > 0 && read.isPending;
  return { messages, isPending, missing: isPending ? 0 : selectedIds.length - messages.length };
};
