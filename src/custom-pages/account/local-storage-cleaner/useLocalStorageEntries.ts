import { useCallback, useEffect, useState } from 'react';
import { useLogout } from 'react-admin';
import { flagStore } from '../../../featureFlags';
import { hasToken } from '../../../providers/session';
import { clearEntries, readEntries, removeEntry } from './localStorageEntries';

/**
 * The entries, kept fresh when another tab writes. Removing the token ends the session, so the user
 * is signed out properly instead of meeting a 401 on the next click.
 */
export const useLocalStorageEntries = () => {
  const logout = useLogout();
  const [entries, setEntries] = useState(readEntries);

  const refresh = useCallback(() => {
    setEntries(readEntries());
    flagStore.reload();
    if (!hasToken()) void logout();
  }, [logout]);

  useEffect(() => {
    const onStorage = () => setEntries(readEntries());
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const remove = useCallback(
    (key: string) => {
      removeEntry(key);
      refresh();
    },
    [refresh],
  );

  const clear = useCallback(() => {
    clearEntries();
    refresh();
  }, [refresh]);

  return { entries, remove, clear };
};
