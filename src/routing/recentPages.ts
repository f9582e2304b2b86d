import { hasToken } from '../providers/session';
import { readStored, storageKeys, writeStored } from '../storage';

export interface RecentPage {
  path: string;
  title: string;
}

/** How many pages the rapid navigation remembers. */
const KEPT = 8;

/** The pages visited last, most recent first; an unreadable stored value counts as none. */
export const recentPages = (): RecentPage[] => {
  try {
    const parsed = JSON.parse(readStored(storageKeys.recentPages) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(
          (p): p is RecentPage =>
            typeof p?.path === 'string' && p.path.startsWith('/') && typeof p.title === 'string',
        )
      : [];
  } catch {
    return [];
  }
};

/** The login layout's pages: nothing to come back to through the rapid navigation. */
const SIGN_IN_PAGES = ['/login', '/forgot-password', '/reset-password/', '/invitation/'];

/** Remembers a visit of a signed-in user (once per path, the newest first). */
export const rememberPage = (page: RecentPage) => {
  if (!hasToken() || SIGN_IN_PAGES.some((prefix) => page.path.startsWith(prefix))) return;
  const others = recentPages().filter((p) => p.path !== page.path);
  writeStored(storageKeys.recentPages, JSON.stringify([page, ...others].slice(0, KEPT)));
};
