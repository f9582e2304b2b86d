import { parseDateOnly } from '../../../components/dates';
import { environmentPath } from '../../../routing/scopePaths';

/**
 * Links from the dashboard to the analyses list, filtered as the list's own filters would be (its
 * `?filter=` JSON): a status or a category, and the creation period, from the first instant of the
 * first day to the last of the last one in the user's time zone — the zone the dashboard counted in.
 */
export const periodFilter = (from: string, to: string) => {
  const end = parseDateOnly(to);
  end.setHours(23, 59, 59, 999);
  return { createdAt_gte: parseDateOnly(from).toISOString(), createdAt_lte: end.toISOString() };
};

export const analysesLink = (projectId: string, envId: string, filter: Record<string, unknown>): string =>
  `${environmentPath(projectId, envId)}/analyses?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The `?filter=` of the analyses page's address, when it is a JSON object (anything else is ignored). */
export const filterOfSearch = (search: URLSearchParams): Record<string, unknown> | undefined => {
  const raw = search.get('filter');
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};
