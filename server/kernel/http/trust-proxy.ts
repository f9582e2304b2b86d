import net from 'node:net';
import { z } from 'zod';

/** Fastify's `trustProxy` option. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** Names proxy-addr (Fastify's `trustProxy`) accepts for address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string) => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY, as Fastify's `trustProxy` option takes it: `true` (trust every proxy: the client is
 * the left-most X-Forwarded-For address), `false` (the default: the socket's address), a hop count,
 * or comma-separated addresses and CIDR ranges of the trusted proxies (`10.0.0.0/8, 127.0.0.1`).
 * A hop count n trusts the n nearest hops whatever their address, as Express does (Fastify 5 itself
 * now trusts nothing for a number), so the server must then be reachable through the proxies only.
 */
export const trustProxySetting = z
  .string()
  .refine(
    (v) =>
      /^(true|false|\d+)$/.test(v.trim()) || v.split(',').every((entry) => isAddressOrRange(entry.trim())),
    'expected true, false, a hop count or comma-separated proxy addresses / CIDR ranges',
  )
  .transform((v): TrustProxy => {
    const s = v.trim();
    if (s === 'true' || s === 'false') return s === 'true';
    if (/^\d+$/.test(s)) {
      const hops = Number(s);
      return (_address: string, hop: number) => hop < hops;
    }
    return s.split(',').map((entry) => entry.trim());
  });
