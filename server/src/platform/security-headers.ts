import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year, as browsers' preload lists ask. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * Security headers on every answer (@fastify/helmet), made to fit what the product does:
 * - CSP: the web app loads only its own scripts; styles may be inline (the toast library and component
 *   styles insert them); images, fonts, audio and workers from itself or data:/blob:; requests and the
 *   realtime socket to itself only; no plugins; no <base> or form posts elsewhere; never framed.
 * - The chat widget is a script other sites load (`/widget.js`, not a frame), so framing can be refused
 *   everywhere, but resources must stay loadable cross-site: no Cross-Origin-Resource-Policy.
 * - No Cross-Origin-Opener-Policy: the connector sign-in popup is driven by its opener (navigate, close).
 * - HSTS only on answers over TLS (directly, or through a trusted proxy's X-Forwarded-Proto): over plain
 *   http it would be ignored at best, and a local or LAN install has no certificate to pin.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
    xContentTypeOptions: true,
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    }
    done(null, payload);
  });
}
