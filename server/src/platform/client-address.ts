import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Socket addresses of this machine (IPv4, IPv6 and IPv4-mapped IPv6 loopback). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice(7) : address;
  return bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'] as const;

/**
 * True only for a direct connection from this machine: the socket's own peer address (never a
 * forwarded one) is loopback and no proxy says it forwarded the request for someone else. A proxy on
 * loopback (`start:cluster`) always adds X-Forwarded-For, so its callers are not "this machine".
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}

/** The named ranges proxy-addr (Fastify's trustProxy) understands. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Parses HELIXIS_TRUSTED_PROXIES: comma-separated addresses, CIDR ranges or the names `loopback`,
 * `linklocal`, `uniquelocal`. Empty means no proxy is trusted: the client address is the socket's.
 * Throws on an entry Fastify could not use, so a typo stops the start rather than trusting nobody silently.
 */
export function parseTrustedProxies(raw: string): string[] {
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!family || !prefixOk || extra !== undefined) {
      throw new Error(
        `HELIXIS_TRUSTED_PROXIES entries must be IP addresses, CIDR ranges or loopback/linklocal/uniquelocal (got "${entry}").`,
      );
    }
  }
  return entries;
}
