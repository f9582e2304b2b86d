import { ClientError } from './errors';

/** A sustained rate with a burst: `perSecond` tokens come back each second, up to `burst`. */
export interface Rate {
  perSecond: number;
  burst: number;
}

/** Milliseconds on a clock that only moves forward; tests give their own. */
export type Clock = () => number;

/** Past this many buckets, the full ones (the same as none) are forgotten: memory follows active clients. */
const MAX_BUCKETS = 10_000;

/**
 * Token buckets in this process's memory, one per key (docs/decisions/hardening-submission-rate-limits.md):
 * a submission costs no database statement. Answers undefined when a token was taken, else the
 * whole seconds until one is back.
 */
export const tokenBuckets = ({ perSecond, burst }: Rate, now: Clock) => {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const level = (bucket: { tokens: number; at: number }, at: number) =>
    Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
  const forgetFull = (at: number) => {
    for (const [key, bucket] of buckets) if (level(bucket, at) >= burst) buckets.delete(key);
  };
  return {
    take(key: string): number | undefined {
      const at = now();
      const bucket = buckets.get(key);
      const tokens = bucket ? level(bucket, at) : burst;
      if (tokens < 1) return Math.max(1, Math.ceil((1 - tokens) / perSecond));
      if (!bucket && buckets.size >= MAX_BUCKETS) forgetFull(at);
      buckets.set(key, { tokens: tokens - 1, at });
      return undefined;
    },
  };
};

/** 429 RATE_LIMITED: the errors plugin sends `retryAfter` as the Retry-After header too. */
export const rateLimited = (seconds: number) =>
  new ClientError(429, 'RATE_LIMITED', `Too many analyses submitted: try again in ${seconds} second(s)`, {
    retryAfter: seconds,
    params: { seconds },
  });

/**
 * The limits on analysis submissions (docs/security.md, "Submission rate limits"): per access key on
 * the public API, per user in the console. Each call takes one submission or throws RATE_LIMITED.
 */
export const submissionLimits = (
  limits: { perKey: Rate; perUser: Rate },
  now: Clock = () => performance.now(),
) => {
  const perKey = tokenBuckets(limits.perKey, now);
  const perUser = tokenBuckets(limits.perUser, now);
  const check = (wait: number | undefined) => {
    if (wait !== undefined) throw rateLimited(wait);
  };
  return {
    key: (keyId: string) => check(perKey.take(keyId)),
    user: (userId: string) => check(perUser.take(userId)),
  };
};
export type SubmissionLimits = ReturnType<typeof submissionLimits>;
