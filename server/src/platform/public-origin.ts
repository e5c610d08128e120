import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { isLoopbackAddress } from './client-address';

/**
 * The origin of links this server mails (confirmation, invitation): HELIXIS_PUBLIC_URL, else the
 * address the server listens on when that is loopback, else `http://localhost:<port>` (with a warning
 * at start-up, see `publicOriginWarning`). Never the request's Host or X-Forwarded-Host: whoever sends
 * the request must not choose where a one-time link points.
 */
export function mailLinkOrigin(config: Pick<Config, 'publicUrl' | 'port'>, app?: FastifyInstance): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const address = app?.server.address() as AddressInfo | string | null | undefined;
  const port = address && typeof address === 'object' ? address.port : config.port;
  if (address && typeof address === 'object' && isLoopbackAddress(address.address)) {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${port}`;
  }
  return `http://localhost:${port}`;
}

/** The start-up warning when mailed links cannot reach anyone but this machine, or undefined. */
export function publicOriginWarning(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string | undefined {
  if (config.publicUrl) return undefined;
  if (isLoopbackAddress(config.host) || config.host === 'localhost') return undefined;
  return `HELIXIS_PUBLIC_URL is not set: links in mails (confirmation, invitations) point to http://localhost:${config.port}, which only this machine can open. Set HELIXIS_PUBLIC_URL to the address people use to reach Helixis.`;
}
