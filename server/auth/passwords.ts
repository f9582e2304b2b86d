import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { brokenPasswordRules, type PasswordRule } from '../../schemas/password-policy';
import { fieldProblem, type DetailCode, type FieldProblem } from '../../schemas/detail-messages';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** OWASP's scrypt floor: N = 2^17, r = 8, p = 1 (128 MiB, about 0.3 s on this machine kind). */
const COST = { log2N: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const maxmem = (log2N: number, r: number) => 256 * 2 ** log2N * r;

/** Hashes a password as `scrypt$log2N$r$p$salt$key` (base64url parts), so the cost can change later. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const { log2N, r, p } = COST;
  const key = await scrypt(password, salt, KEY_LENGTH, { N: 2 ** log2N, r, p, maxmem: maxmem(log2N, r) });
  return ['scrypt', log2N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string | null): Promise<boolean> => {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2N, r, p] = parts.slice(1, 4).map(Number);
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await scrypt(password, Buffer.from(parts[4], 'base64url'), expected.length, {
    N: 2 ** log2N,
    r,
    p,
    maxmem: maxmem(log2N, r),
  });
  return timingSafeEqual(key, expected);
};

const ruleCodes = {
  minLength: 'passwordMinLength',
  digit: 'passwordDigit',
  lowercase: 'passwordLowercase',
  uppercase: 'passwordUppercase',
  special: 'passwordSpecial',
} as const satisfies Record<PasswordRule, DetailCode>;

/** The policy's verdict as API error details (empty = acceptable). */
export const passwordPolicyDetails = (password: string, path = 'password') =>
  brokenPasswordRules(password).map((rule): FieldProblem & { rule: PasswordRule } => ({
    ...fieldProblem(path, ruleCodes[rule]),
    rule,
  }));
