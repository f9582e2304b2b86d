export interface StorageEntry {
  key: string;
  value: string;
}

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** Every key of this origin's local storage with its value, sorted by key. */
export const readEntries = (): StorageEntry[] => {
  const store = storage();
  if (!store) return [];
  const entries: StorageEntry[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key !== null) entries.push({ key, value: store.getItem(key) ?? '' });
  }
  return entries.sort((a, b) => a.key.localeCompare(b.key));
};

export const removeEntry = (key: string): void => storage()?.removeItem(key);

export const clearEntries = (): void => storage()?.clear();
