import type { CurrentUser } from '../../schemas/contracts/auth';

/**
 * Where a signed-in user lands (spec platform-shell §2): the self-service area for light accounts,
 * otherwise their first organisation. A user without any organisation has nowhere else to go than
 * the profile page, which every account may open.
 */
export const landingPath = (user: CurrentUser): string => {
  if (user.isLight) return '/self';
  const first = Object.values(user.organisations)[0];
  return first ? `/orga/${encodeURIComponent(first.id)}` : '/profile';
};

export const fullName = (user: CurrentUser): string =>
  [user.firstname, user.lastname].filter((part) => part.trim() !== '').join(' ') || user.username;
