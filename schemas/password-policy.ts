/**
 * Password rules of spec platform-shell §5, shared by the server (which enforces them) and the
 * console (which shows them while the user types). DESIGN.md §9 sets the minimum length to 12.
 */
export const PASSWORD_MIN_LENGTH = 12;

export type PasswordRule = 'minLength' | 'digit' | 'lowercase' | 'uppercase' | 'special';

const checks: Record<PasswordRule, (pw: string) => boolean> = {
  minLength: (pw) => [...pw].length >= PASSWORD_MIN_LENGTH,
  digit: (pw) => /\p{Nd}/u.test(pw),
  lowercase: (pw) => /\p{Ll}/u.test(pw),
  uppercase: (pw) => /\p{Lu}/u.test(pw),
  special: (pw) => /[^\p{L}\p{Nd}\s]/u.test(pw),
};

export const PASSWORD_RULES = Object.keys(checks) as PasswordRule[];

/** The rules a candidate password breaks, in display order; empty when it is acceptable. */
export const brokenPasswordRules = (password: string): PasswordRule[] =>
  PASSWORD_RULES.filter((rule) => !checks[rule](password));
