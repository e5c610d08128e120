import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROPERTY_PROVIDERS, type PropertyProvider } from '@helixis/contract';
import { z } from 'zod';
import { parseTrustedProxies } from './platform/client-address';
import { type JwtKeys, loadJwtKeys } from './platform/jwt-keys';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  HELIXIS_DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  HELIXIS_PUBLIC_URL: z.string().url().optional(),
  HELIXIS_JWT_SECRET: z.string().optional(),
  /** Private EC P-256 JWK access tokens are signed with (ES256); unset: jwt-signing-key.json in the data folder. */
  HELIXIS_JWT_SIGNING_KEY: z.string().optional(),
  /** JSON array of public JWKs of rotated-out signing keys, still accepted and published. */
  HELIXIS_JWT_PREVIOUS_KEYS: z.string().optional(),
  /** Accept access tokens signed HS256 with HELIXIS_JWT_SECRET (the migration window); default true. */
  HELIXIS_JWT_ACCEPT_HS256: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === 'true' || v === '1' || v === 'yes'),
  /** Turn off new accounts (sign-up and e-mail sign-in links for unknown addresses): signup_disabled. */
  HELIXIS_DISABLE_SIGNUP: bool,
  /** Turn off anonymous sign-in: anonymous_provider_disabled. */
  HELIXIS_DISABLE_ANONYMOUS: bool,
  HELIXIS_ENCRYPTION_KEY: z.string().optional(),
  HELIXIS_LLM_BASE_URL: z.string().url().optional(),
  HELIXIS_LLM_API_KEY: z.string().optional(),
  HELIXIS_LLM_MODEL: z.string().optional(),
  HELIXIS_EMBEDDING_MODEL: z.string().optional(),
  /** Vector weight in search's fusion (0..1); default SHIPPED_RANKING.vectorWeight (decision 021 §9). */
  HELIXIS_EMBEDDING_WEIGHT: z.coerce.number().min(0).max(1).optional(),
  /** `use-lite`: the offline sentence encoder from npm when no embeddings endpoint is set (decision 021 §11). */
  HELIXIS_LOCAL_ENCODER: z.enum(['use-lite', 'off']).default('off'),
  /** Workspaces with at least this many chunks are searched from an in-memory term index (decision 026). */
  HELIXIS_SEARCH_MEMORY_MIN_CHUNKS: z.coerce.number().int().min(0).default(1000),
  /** Postings all in-memory term indexes of a process may hold together (about 10 bytes each); 0 turns them off. */
  HELIXIS_SEARCH_MEMORY_MAX_POSTINGS: z.coerce.number().int().min(0).default(20_000_000),
  /** Worker threads that parse and chunk uploads (decision 031). */
  HELIXIS_INGEST_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Wall-clock seconds one document may take to parse and chunk before it fails. */
  HELIXIS_INGEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(120),
  /** Heap (MB) one parsing worker may use; a document needing more fails. */
  HELIXIS_INGEST_MEMORY_MB: z.coerce.number().int().min(16).default(512),
  // Voice (realtime-chat relay): a realtime model; base URL and key default to the HELIXIS_LLM_* ones.
  HELIXIS_REALTIME_MODEL: z.string().optional(),
  HELIXIS_REALTIME_BASE_URL: z.string().url().optional(),
  HELIXIS_REALTIME_API_KEY: z.string().optional(),
  HELIXIS_TRUSTED_UPSTREAMS: z.string().default(''),
  /** Proxies whose X-Forwarded-* headers are believed (addresses, CIDRs, `loopback`); empty: none. */
  HELIXIS_TRUSTED_PROXIES: z.string().default(''),
  /** Business-app connector API hosts (the bundled fakes in tests and try-outs). */
  HELIXIS_HUBSPOT_BASE_URL: z.string().url().default('https://api.hubapi.com'),
  HELIXIS_JOBBER_BASE_URL: z.string().url().default('https://api.getjobber.com'),
  /** `{shop}` is replaced by the shop's handle; a URL without it serves every shop (a local fake). */
  HELIXIS_SHOPIFY_BASE_URL: z.string().default('https://{shop}.myshopify.com'),
  HELIXIS_REFRESH_REUSE_INTERVAL: z.coerce.number().min(0).default(10),
  HELIXIS_ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(3600),
  HELIXIS_EMAIL_CONFIRMATION: bool,
  HELIXIS_SMTP_URL: z.string().optional(),
  HELIXIS_MAIL_FROM: z.string().default('Helixis <no-reply@helixis.local>'),
  HELIXIS_SIGNIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  HELIXIS_SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  HELIXIS_AUTH_IP_LIMIT: z.coerce.number().int().min(1).default(30),
  HELIXIS_AUTH_IP_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /** Seconds before another recovery / sign-in link / e-mail change mail may go to the same address. */
  HELIXIS_MAIL_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  HELIXIS_ALLOWED_ORIGINS: z.string().default(''),
  // Mail OAuth (Gmail, Microsoft 365/Outlook); endpoints are configurable so tests use local fakes.
  HELIXIS_GOOGLE_CLIENT_ID: z.string().optional(),
  HELIXIS_GOOGLE_CLIENT_SECRET: z.string().optional(),
  HELIXIS_GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  HELIXIS_GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  HELIXIS_GOOGLE_REVOKE_URL: z.string().url().default('https://oauth2.googleapis.com/revoke'),
  HELIXIS_MS_CLIENT_ID: z.string().optional(),
  HELIXIS_MS_CLIENT_SECRET: z.string().optional(),
  HELIXIS_MS_AUTHORITY_URL: z.string().url().default('https://login.microsoftonline.com/common/oauth2/v2.0'),
  HELIXIS_GMAIL_API_URL: z.string().url().default('https://gmail.googleapis.com'),
  HELIXIS_GRAPH_API_URL: z.string().url().default('https://graph.microsoft.com'),
  // Inbound e-mail alias receiver: off unless a port is set.
  HELIXIS_INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HELIXIS_INBOUND_SMTP_HOST: z.string().default('0.0.0.0'),
  HELIXIS_INBOUND_MAIL_DOMAIN: z.string().default('inbound.helixis.local'),
  HELIXIS_EXTENSION_TOKEN_TTL: z.coerce.number().int().min(60).default(43_200),
  HELIXIS_DESKTOP_TOKEN_TTL: z.coerce.number().int().min(60).default(2_592_000),
  /** Comma-separated e-mails of platform operators (delete-all-users); empty = nobody. */
  HELIXIS_OPERATOR_EMAILS: z.string().default(''),
  /** api: HTTP + WebSocket, enqueues only; worker: job workers and schedules; all: both (default). */
  HELIXIS_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  /** Bearer token a Prometheus scrape of /metrics must carry; unset: only loopback may scrape. */
  HELIXIS_METRICS_TOKEN: z.string().optional(),
  /** Seconds SIGTERM waits for requests, websocket sends and running jobs before the process exits. */
  HELIXIS_SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(25),
  // Automations: background mailbox sync interval (0 = off) and the Twilio REST API origin.
  HELIXIS_MAIL_SYNC_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  HELIXIS_TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  jwtSecret: Uint8Array;
  /** ES256 signing key, accepted keys and the HS256 window (platform/jwt-keys.ts, decision 030). */
  jwtKeys: JwtKeys;
  /** HELIXIS_DISABLE_SIGNUP / HELIXIS_DISABLE_ANONYMOUS. */
  signupDisabled: boolean;
  anonymousDisabled: boolean;
  encryptionKey: Buffer;
  llm: {
    baseUrl?: string;
    apiKey?: string;
    model?: string;
    embeddingModel?: string;
    embeddingWeight?: number;
    /** The offline sentence encoder, used for vectors when no embeddings endpoint is configured. */
    localEncoder: 'use-lite' | 'off';
  };
  /** In-memory term indexes for large workspaces (decision 026). */
  searchMemory: { minChunks: number; maxPostings: number };
  /** Parsing and chunking off the API's thread (decision 031): pool size and per-document budget. */
  ingest: { workers: number; timeoutMs: number; memoryMb: number };
  /** OpenAI-compatible realtime endpoint for voice; voice is off unless baseUrl and model are set. */
  realtime: { baseUrl?: string; apiKey?: string; model?: string };
  trustedUpstreams: string[];
  /**
   * Reverse proxies whose X-Forwarded-For / -Proto / -Host are believed (HELIXIS_TRUSTED_PROXIES).
   * Empty: none; the client address is the socket's own, so per-address limits cannot be dodged.
   */
  trustedProxies: string[];
  /**
   * Default API host of each property system, from HELIXIS_<PROVIDER>_BASE_URL (absent when unset:
   * the system's own default applies; '' or not a URL makes its health check answer env_missing).
   */
  propertyBaseUrls: Partial<Record<PropertyProvider, string>>;
  /** API hosts of the business-app connectors. */
  connectors: { hubspotBaseUrl: string; jobberBaseUrl: string; shopifyOriginTemplate: string };
  refreshReuseIntervalSeconds: number;
  accessTokenTtlSeconds: number;
  emailConfirmation: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  rateLimits: {
    signInFailuresPerEmail: number;
    signInWindowSeconds: number;
    authRequestsPerIp: number;
    authIpWindowSeconds: number;
    /** One recovery, sign-in link or e-mail change mail per address per this many seconds. */
    mailIntervalSeconds: number;
  };
  allowedOrigins: string[];
  logLevel: Env['LOG_LEVEL'];
  /** Mail OAuth clients; a provider without client id and secret is "not configured". */
  oauth: {
    google: {
      clientId?: string;
      clientSecret?: string;
      authUrl: string;
      tokenUrl: string;
      revokeUrl: string;
      /** Gmail API origin (`/gmail/v1/users/me/...`). */
      apiUrl: string;
    };
    microsoft: {
      clientId?: string;
      clientSecret?: string;
      authUrl: string;
      tokenUrl: string;
      /** Microsoft Graph origin (`/v1.0/me/...`). */
      apiUrl: string;
    };
  };
  /** Inbound SMTP listener for workspace aliases (port undefined = off). */
  inboundMail: { port: number | undefined; host: string; domain: string };
  /** Lifetimes of the browser-extension and desktop-assistant workspace tokens. */
  extension: { tokenTtlSeconds: number; desktopTokenTtlSeconds: number };
  /** Lower-cased e-mails of platform operators (HELIXIS_OPERATOR_EMAILS); empty = nobody. */
  operatorEmails: string[];
  /** What this process runs (HELIXIS_ROLE). */
  role: Env['HELIXIS_ROLE'];
  /** Bearer token for /metrics; undefined: loopback only. */
  metricsToken: string | undefined;
  shutdownTimeoutSeconds: number;
  /** Automations: minutes between background reads of each connected mailbox (0 = off); Twilio API origin. */
  automations: { mailSyncMinutes: number; twilioApiUrl: string };
}

/** `host:port` or `[ipv6]:port`; a bare host would silently trust every port. */
const TRUSTED_UPSTREAM = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/;

const DEV_PLACEHOLDERS = new Set(['', 'secret', 'changeme', 'change-me', 'helixis', 'default']);

/** Reads a secret from the environment, or (embedded setup) from a file in the data folder, creating it once. */
function secretFrom(envValue: string | undefined, dataDir: string, file: string, production: boolean, name: string) {
  if (envValue && !DEV_PLACEHOLDERS.has(envValue)) return envValue;
  if (production) {
    throw new Error(`${name} must be set to a strong secret in production (it is missing or a default value).`);
  }
  const full = path.join(dataDir, file);
  if (existsSync(full)) return readFileSync(full, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString('base64url');
  writeFileSync(full, `${value}\n`, { mode: 0o600 });
  return value;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.HELIXIS_DATA_DIR);
  const jwt = secretFrom(e.HELIXIS_JWT_SECRET, dataDir, 'jwt-secret', production, 'HELIXIS_JWT_SECRET');
  if (jwt.length < 32) throw new Error('HELIXIS_JWT_SECRET must be at least 32 characters.');
  const encKey = secretFrom(e.HELIXIS_ENCRYPTION_KEY, dataDir, 'encryption-key', production, 'HELIXIS_ENCRYPTION_KEY');
  const keyBytes = Buffer.from(encKey, 'base64url');
  if (keyBytes.length !== 32) throw new Error('HELIXIS_ENCRYPTION_KEY must be 32 bytes, base64url-encoded.');
  const list = (v: string) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const trustedUpstreams = list(e.HELIXIS_TRUSTED_UPSTREAMS);
  const badUpstream = trustedUpstreams.find((entry) => !TRUSTED_UPSTREAM.test(entry));
  if (badUpstream) {
    throw new Error(`HELIXIS_TRUSTED_UPSTREAMS entries must be host:port (got "${badUpstream}").`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.HELIXIS_PUBLIC_URL,
    jwtSecret: new TextEncoder().encode(jwt),
    jwtKeys: loadJwtKeys({
      signingKeyEnv: e.HELIXIS_JWT_SIGNING_KEY,
      previousKeysEnv: e.HELIXIS_JWT_PREVIOUS_KEYS,
      dataDir,
      ephemeral: e.NODE_ENV === 'test',
      production,
      hsSecret: new TextEncoder().encode(jwt),
      acceptHs256: e.HELIXIS_JWT_ACCEPT_HS256,
    }),
    signupDisabled: e.HELIXIS_DISABLE_SIGNUP,
    anonymousDisabled: e.HELIXIS_DISABLE_ANONYMOUS,
    encryptionKey: keyBytes,
    llm: {
      baseUrl: e.HELIXIS_LLM_BASE_URL,
      apiKey: e.HELIXIS_LLM_API_KEY,
      model: e.HELIXIS_LLM_MODEL,
      embeddingModel: e.HELIXIS_EMBEDDING_MODEL,
      embeddingWeight: e.HELIXIS_EMBEDDING_WEIGHT,
      localEncoder: e.HELIXIS_LOCAL_ENCODER,
    },
    searchMemory: {
      minChunks: e.HELIXIS_SEARCH_MEMORY_MIN_CHUNKS,
      maxPostings: e.HELIXIS_SEARCH_MEMORY_MAX_POSTINGS,
    },
    ingest: {
      workers: e.HELIXIS_INGEST_WORKERS,
      timeoutMs: Math.round(e.HELIXIS_INGEST_TIMEOUT_SECONDS * 1000),
      memoryMb: e.HELIXIS_INGEST_MEMORY_MB,
    },
    realtime: {
      baseUrl: e.HELIXIS_REALTIME_BASE_URL ?? e.HELIXIS_LLM_BASE_URL,
      apiKey: e.HELIXIS_REALTIME_API_KEY ?? e.HELIXIS_LLM_API_KEY,
      model: e.HELIXIS_REALTIME_MODEL?.trim() || undefined,
    },
    trustedUpstreams,
    trustedProxies: parseTrustedProxies(e.HELIXIS_TRUSTED_PROXIES),
    propertyBaseUrls: Object.fromEntries(
      PROPERTY_PROVIDERS.flatMap((p) => {
        const value = source[`HELIXIS_${p.toUpperCase()}_BASE_URL`];
        return value === undefined ? [] : [[p, value.trim()]];
      }),
    ),
    connectors: {
      hubspotBaseUrl: e.HELIXIS_HUBSPOT_BASE_URL.replace(/\/+$/, ''),
      jobberBaseUrl: e.HELIXIS_JOBBER_BASE_URL.replace(/\/+$/, ''),
      shopifyOriginTemplate: e.HELIXIS_SHOPIFY_BASE_URL.trim().replace(/\/+$/, ''),
    },
    refreshReuseIntervalSeconds: e.HELIXIS_REFRESH_REUSE_INTERVAL,
    accessTokenTtlSeconds: e.HELIXIS_ACCESS_TOKEN_TTL,
    emailConfirmation: e.HELIXIS_EMAIL_CONFIRMATION,
    smtpUrl: e.HELIXIS_SMTP_URL,
    mailFrom: e.HELIXIS_MAIL_FROM,
    rateLimits: {
      signInFailuresPerEmail: e.HELIXIS_SIGNIN_MAX_FAILURES,
      signInWindowSeconds: e.HELIXIS_SIGNIN_WINDOW_SECONDS,
      authRequestsPerIp: e.HELIXIS_AUTH_IP_LIMIT,
      authIpWindowSeconds: e.HELIXIS_AUTH_IP_WINDOW_SECONDS,
      mailIntervalSeconds: e.HELIXIS_MAIL_MIN_INTERVAL_SECONDS,
    },
    allowedOrigins: list(e.HELIXIS_ALLOWED_ORIGINS),
    logLevel: e.LOG_LEVEL,
    oauth: {
      google: {
        clientId: e.HELIXIS_GOOGLE_CLIENT_ID?.trim() || undefined,
        clientSecret: e.HELIXIS_GOOGLE_CLIENT_SECRET?.trim() || undefined,
        authUrl: e.HELIXIS_GOOGLE_AUTH_URL,
        tokenUrl: e.HELIXIS_GOOGLE_TOKEN_URL,
        revokeUrl: e.HELIXIS_GOOGLE_REVOKE_URL,
        apiUrl: e.HELIXIS_GMAIL_API_URL.replace(/\/+$/, ''),
      },
      microsoft: {
        clientId: e.HELIXIS_MS_CLIENT_ID?.trim() || undefined,
        clientSecret: e.HELIXIS_MS_CLIENT_SECRET?.trim() || undefined,
        authUrl: `${e.HELIXIS_MS_AUTHORITY_URL.replace(/\/+$/, '')}/authorize`,
        tokenUrl: `${e.HELIXIS_MS_AUTHORITY_URL.replace(/\/+$/, '')}/token`,
        apiUrl: e.HELIXIS_GRAPH_API_URL.replace(/\/+$/, ''),
      },
    },
    extension: {
      tokenTtlSeconds: e.HELIXIS_EXTENSION_TOKEN_TTL,
      desktopTokenTtlSeconds: e.HELIXIS_DESKTOP_TOKEN_TTL,
    },
    inboundMail: {
      port: e.HELIXIS_INBOUND_SMTP_PORT,
      host: e.HELIXIS_INBOUND_SMTP_HOST,
      domain: e.HELIXIS_INBOUND_MAIL_DOMAIN.trim().toLowerCase(),
    },
    operatorEmails: list(e.HELIXIS_OPERATOR_EMAILS.toLowerCase()),
    role: e.HELIXIS_ROLE,
    metricsToken: e.HELIXIS_METRICS_TOKEN?.trim() || undefined,
    shutdownTimeoutSeconds: e.HELIXIS_SHUTDOWN_TIMEOUT_SECONDS,
    automations: {
      mailSyncMinutes: e.HELIXIS_MAIL_SYNC_MINUTES,
      twilioApiUrl: e.HELIXIS_TWILIO_API_URL.replace(/\/+$/, ''),
    },
  };
}
