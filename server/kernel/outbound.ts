import dns from 'node:dns';
import net from 'node:net';
import { fieldProblem } from '../../schemas/detail-messages';

/**
 * Where the platform may send requests on its users' behalf (DESIGN.md §9): never to private,
 * loopback, link-local or otherwise internal addresses — a webhook must not become a way to reach
 * the platform's own network — unless `OUTBOUND_ALLOW` names them (a host name as written in the
 * URL, an address, or a CIDR range). A name is checked by the addresses it resolves to at the time
 * of each request (a name that resolves to 127.0.0.1 is refused like 127.0.0.1), and the request
 * connects to exactly the address checked, so a second resolution cannot change it.
 */

/** Ranges no outbound request may reach unless allowed. */
const INTERNAL = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(prefix, bits, 'ipv6');

/** An IPv4 address mapped into IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address. */
const unmapped = (address: string) => {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1] : address;
};

const familyOf = (address: string) => (net.isIPv4(address) ? 'ipv4' : 'ipv6');

export const isInternalAddress = (address: string) => {
  const a = unmapped(address);
  return INTERNAL.check(a, familyOf(a));
};

export interface OutboundPolicy {
  /** Whether `host` (as written in a URL, lower case, IPv6 without brackets) may be reached at `address`. */
  allows(host: string, address: string): boolean;
}

/** The policy of an `OUTBOUND_ALLOW` list. */
export const outboundPolicy = (allow: readonly string[]): OutboundPolicy => {
  const hosts = new Set<string>();
  const ranges = new net.BlockList();
  for (const entry of allow.map((e) => e.toLowerCase())) {
    const [address, bits] = entry.split('/');
    if (net.isIP(address) && bits !== undefined) ranges.addSubnet(address, Number(bits), familyOf(address));
    else if (net.isIP(address)) ranges.addAddress(address, familyOf(address));
    else hosts.add(entry);
  }
  return {
    allows: (host, address) => {
      const a = unmapped(address);
      return !isInternalAddress(a) || hosts.has(host) || ranges.check(a, familyOf(a));
    },
  };
};

/** Why a URL is refused before any request; null when it may be saved. */
export type UrlRefusal = { code: 'WEBHOOK_URL_INVALID' } | { code: 'WEBHOOK_URL_INTERNAL'; host: string };

/** The host of a URL as the policy sees it: lower case, IPv6 without brackets. */
export const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/**
 * The check made when a webhook is saved: an http(s) URL without credentials, whose host is not an
 * internal address or a `localhost` name (unless allowed). Names are resolved at each request.
 */
export const refuseUrl = (value: string, policy: OutboundPolicy): UrlRefusal | null => {
  if (!URL.canParse(value)) return { code: 'WEBHOOK_URL_INVALID' };
  const url = new URL(value);
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || !url.hostname)
    return { code: 'WEBHOOK_URL_INVALID' };
  const host = hostOf(url);
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (net.isIP(host) ? !policy.allows(host, host) : local && !policy.allows(host, '127.0.0.1'))
    return { code: 'WEBHOOK_URL_INTERNAL', host };
  return null;
};

/** A refused URL as the field problem a save answers, by code (its keyword for the forms' own words). */
export const urlRefusalProblem = (path: string, refused: UrlRefusal) =>
  refused.code === 'WEBHOOK_URL_INTERNAL'
    ? {
        ...fieldProblem(path, 'urlInternal', { host: refused.host }),
        keyword: 'internalAddress',
        custom: true,
      }
    : { ...fieldProblem(path, 'urlNotHttp'), keyword: 'pattern', custom: true };

export class OutboundRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, an internal address the platform does not send to`);
    this.name = 'OutboundRefused';
  }
}

/**
 * The refusal of a URL whose host is an address the policy does not allow, or null. Node does not
 * look an address up, so `guardedLookup` never sees it: a request checks it first.
 */
export const refusedLiteral = (url: URL, policy: OutboundPolicy): OutboundRefused | null => {
  const host = hostOf(url);
  return net.isIP(host) && !policy.allows(host, host) ? new OutboundRefused(host, host) : null;
};

/**
 * A `lookup` for node:http(s) requests that resolves the host and refuses it when an address it
 * resolves to is internal and not allowed; the connection goes to the address checked.
 */
export const guardedLookup =
  (policy: OutboundPolicy): net.LookupFunction =>
  (hostname, options, callback) => {
    const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    dns.lookup(host, { all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => !policy.allows(host, a.address));
      if (refused) return callback(new OutboundRefused(host, refused.address), '', 0);
      const chosen = addresses[0];
      if ((options as { all?: boolean }).all)
        (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      else callback(null, chosen.address, chosen.family);
    });
  };
