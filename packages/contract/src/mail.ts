import { z } from 'zod';
import { type Endpoint, WORKSPACE_ID_FIELDS } from './endpoint';
import { Uuid } from './workspaces';

/**
 * Mail and calendars: Gmail and Microsoft 365/Outlook over OAuth, the
 * inbound e-mail alias, ICS calendar import and the integrations summary.
 */

/** The only OAuth providers. The interface shows outlook as ms365. */
export const OAuthProvider = z.enum(['gmail', 'outlook']);
export type OAuthProvider = z.infer<typeof OAuthProvider>;

/** A provider name as the browser sends it; ms365 is accepted as outlook. */
export const OAuthProviderName = z
  .string()
  .trim()
  .min(1, 'provider is required')
  .max(60)
  .transform((v) => v.toLowerCase());

export function toOAuthProvider(name: string): OAuthProvider | null {
  const n = name.toLowerCase();
  if (n === 'gmail' || n === 'google') return 'gmail';
  if (n === 'outlook' || n === 'ms365' || n === 'microsoft' || n === 'outlook-mail') return 'outlook';
  return null;
}

/** OAuth error URL codes with the friendly messages the product shows. */
export const OAuthErrorCode = z.enum([
  'access_denied',
  'invalid_client',
  'invalid_scope',
  'redirect_uri_mismatch',
  'origin_mismatch',
  'missing_oauth_params',
  'oauth_failed',
  'unexpected_error',
  'upstream_404',
  'upstream_5xx',
]);
export type OAuthErrorCode = z.infer<typeof OAuthErrorCode>;

export const oauthErrorMessages: Record<OAuthErrorCode, string> = {
  access_denied: 'Access was denied. Please try again and grant permission to continue.',
  invalid_client:
    'The mail provider did not recognise this app. Please ask your administrator to check the OAuth client settings.',
  invalid_scope: 'The mail provider refused the requested permissions. Please try again or contact support.',
  redirect_uri_mismatch:
    'The return address of this app is not registered with the mail provider. Please contact support.',
  origin_mismatch:
    'This page was opened from an address the app is not configured for. Please use the main app address.',
  missing_oauth_params: 'The sign-in response was incomplete. Please start the connection again.',
  oauth_failed: 'The connection could not be completed. Please start it again.',
  unexpected_error: 'Something unexpected went wrong while connecting. Please try again.',
  upstream_404: 'The mail provider endpoint was not found. Please contact support.',
  upstream_5xx: 'The mail provider is having trouble right now. Please try again later.',
};

/** Texts of the mail screens. */
export const mailTexts = {
  redirecting: (provider: string) => `Redirecting to ${provider}...`,
  completing: (provider: string) => `Completing ${provider} connection...`,
  callbackFailedTitle: 'OAuth Connection Failed',
  oauthErrorToast: 'OAuth Error',
  gmailNotConfigured: 'Gmail OAuth not configured',
  microsoftNotConfigured: 'Microsoft OAuth not configured',
  userSessionRequired: 'User session required',
  startError: (provider: OAuthProvider, message: string) =>
    `Error starting ${provider === 'gmail' ? 'Gmail' : 'Outlook'} OAuth: ${message}`,
  gmailConnectedToast: 'Gmail Connected',
  gmailConnected: 'Gmail connected',
  gmailConnectFailed: 'Gmail connect failed',
  gmailConnectFailedReason: (reason?: string | null) => `Gmail connect failed: ${reason || 'unknown'}`,
  configWarning: 'OAuth Configuration Warning',
  connected: 'Connected',
  notConnected: 'Not Connected',
  notOAuthProvider: 'Use API-key connect',
  features: [
    'AI email drafting',
    'automatic categorization',
    'smart reply suggestions',
    'email-based task creation',
  ] as const,
} as const;

/** Gmail read-only + send (the metadata scope breaks `q` searches; upstream-apis.md) and Microsoft's. */
export const OAUTH_SCOPES: Record<OAuthProvider, readonly string[]> = {
  gmail: [
    'openid',
    'email',
    'https://www.googleapis.com/auth/gmail.readonly',
    'https://www.googleapis.com/auth/gmail.send',
  ],
  outlook: ['openid', 'email', 'offline_access', 'Mail.Read', 'Mail.Send'],
};

export const MAIL_LIMITS = {
  /** Signed OAuth state lifetime. */
  stateTtlSeconds: 600,
  /** Largest inbound message accepted by the SMTP listener. */
  inboundMaxBytes: 10 * 1024 * 1024,
  /** Largest .ics accepted (upload or URL). */
  icsMaxBytes: 2 * 1024 * 1024,
  /** Recurring events are expanded this many days ahead (and 30 days back). */
  icsExpandDays: 180,
  icsMaxOccurrences: 2000,
} as const;

// ── oauth-config ────────────────────────────────────────────────────────────────────────────────
export const OAuthConfig = z.object({ google_client_id: z.string().nullable(), ms_client_id: z.string().nullable() });
export type OAuthConfig = z.infer<typeof OAuthConfig>;

// ── oauth-preflight ─────────────────────────────────────────────────────────────────────────────
export const PreflightKind = z.enum(['env-check', 'secrets-check', 'gmail', 'outlook-mail']);
export const OAuthPreflightInput = z
  .object({
    provider: PreflightKind,
    /** The browser's origin, compared with the configured public URL (origin_mismatch). */
    origin: z.string().max(300).optional(),
    return_to: z.string().max(300).optional(),
  })
  .strict();
export type OAuthPreflightInput = z.infer<typeof OAuthPreflightInput>;
export const OAuthPreflight = z.object({
  ok: z.boolean(),
  publicAppUrl: z.string().nullable(),
  missingSecrets: z.array(z.string()),
  invalidSecrets: z.array(z.string()),
  authUrl: z.string().nullable(),
  redirectUri: z.string().nullable(),
  originMismatch: z.boolean(),
});
export type OAuthPreflight = z.infer<typeof OAuthPreflight>;

// ── oauth-start ─────────────────────────────────────────────────────────────────────────────────
export const OAuthStartInput = z
  .object({ provider: OAuthProviderName, return_to: z.string().max(300).optional() })
  .strict();
export type OAuthStartInput = z.input<typeof OAuthStartInput>;
export const OAuthStart = z.object({ provider: OAuthProvider, authUrl: z.string() });
export type OAuthStart = z.infer<typeof OAuthStart>;

// ── oauth-callback ──────────────────────────────────────────────────────────────────────────────
export const OAuthCallbackInput = z
  .object({
    provider: OAuthProviderName,
    code: z.string().max(4000).optional(),
    state: z.string().max(4000).optional(),
    /** An error the provider sent back instead of a code (e.g. access_denied). */
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
    /** Diagnostic mode: exchange the code, report phase TokenExchangeOK, store nothing. */
    diag: z.union([z.boolean(), z.literal('1'), z.literal('true')]).optional(),
  })
  .strict();
export type OAuthCallbackInput = z.input<typeof OAuthCallbackInput>;
export const OAuthCallback = z.object({
  ok: z.boolean(),
  provider: OAuthProvider.nullable(),
  phase: z.enum(['TokenExchangeOK', 'Connected', 'Failed']),
  account_hint: z.string().nullable(),
  error: z.string().nullable(),
  /** HTTP status of the failing upstream call, when one answered. */
  status: z.number().int().nullable(),
  code: OAuthErrorCode.nullable(),
  /** Where the browser goes next (onboarding with the spec's query). */
  return_to: z.string(),
});
export type OAuthCallback = z.infer<typeof OAuthCallback>;

// ── mail status / disconnect ────────────────────────────────────────────────────────────────────
export const MailAccount = z.object({
  provider: OAuthProvider,
  connected: z.boolean(),
  status: z.enum(['connected', 'error']),
  account_hint: z.string().nullable(),
  scopes: z.array(z.string()),
  expires_at: z.string().nullable(),
  last_error: z.string().nullable(),
  connected_at: z.string(),
});
export type MailAccount = z.infer<typeof MailAccount>;
export const MailStatus = z.object({
  gmail: z.object({ connected: z.boolean(), account: MailAccount.nullable() }),
  outlook: z.object({ connected: z.boolean(), account: MailAccount.nullable() }),
  calendar: z.object({ connected: z.boolean(), events: z.number().int() }),
  alias: z.object({ address: z.string().nullable(), received: z.number().int() }),
  config: OAuthConfig,
});
export type MailStatus = z.infer<typeof MailStatus>;

export const OAuthDisconnectInput = z.object({ provider: OAuthProviderName }).strict();
export const OAuthDisconnect = z.object({ ok: z.boolean(), revoked: z.boolean() });

// ── create-email-alias / inbound mail ───────────────────────────────────────────────────────────
export const CreateEmailAliasInput = z.object({ workspace_id: Uuid.optional() }).strict();
export const EmailAlias = z.object({ address: z.string() });
export type EmailAlias = z.infer<typeof EmailAlias>;

export const MailMessage = z.object({
  id: z.string(),
  source: z.enum(['alias', 'gmail', 'outlook']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  received_at: z.string(),
  attachments: z.array(z.object({ filename: z.string().nullable(), contentType: z.string(), size: z.number() })),
  document_id: z.string().nullable(),
});
export type MailMessage = z.infer<typeof MailMessage>;
export const ListMailInput = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }).strict();
export const MailList = z.object({ messages: z.array(MailMessage) });

// ── email-intake ("Run intake now") ───────────────────────────────────────────────────────────
export const EmailIntakeInput = z.object({ business_id: Uuid.optional(), workspace_id: Uuid.optional() }).strict();
export const EmailIntakeResult = z.object({
  ok: z.boolean(),
  providers: z.array(
    z.object({
      provider: OAuthProvider,
      imported: z.number().int(),
      skipped: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
});
export type EmailIntakeResult = z.infer<typeof EmailIntakeResult>;

// ── ingest-ics / calendar ───────────────────────────────────────────────────────────────────────
/** POST /functions/v1/ingest-ics: multipart (field "file", .ics/.ical) or JSON {icsUrl}; workspace_id optional. */
export const INGEST_ICS_PATH = '/functions/v1/ingest-ics';
export const INGEST_ICS_FILE_FIELD = 'file';
/** JSON form of ingest-ics. */
export const IngestIcsInput = z
  .object({ icsUrl: z.string().trim().url('Please enter a valid URL').max(2000), workspace_id: Uuid.optional() })
  .strict();
export const IngestIcsResult = z.object({
  ok: z.boolean(),
  calendar: z.string().nullable(),
  events: z.number().int(),
  occurrences: z.number().int(),
  document_id: z.string().nullable(),
});
export type IngestIcsResult = z.infer<typeof IngestIcsResult>;

export const CalendarEvent = z.object({
  id: z.string(),
  uid: z.string(),
  summary: z.string(),
  location: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  all_day: z.boolean(),
  recurring: z.boolean(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;
export const ListCalendarEventsInput = z
  .object({
    from: z.string().datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();
export const CalendarEventList = z.object({ events: z.array(CalendarEvent) });

// ── integrations-summary ────────────────────────────────────────────────────────────────────────
export const IntegrationsSummaryInput = z.object({ workspace_id: Uuid.optional() }).strict();
export const IntegrationsSummary = z.object({
  accounts: z.array(
    z.object({
      kind: z.string(),
      status: z.enum(['not_connected', 'connecting', 'syncing', 'connected', 'error']),
      last_checked_at: z.string().nullable(),
    }),
  ),
  jobs: z.array(
    z.object({
      provider: z.string(),
      source_type: z.string(),
      status: z.enum(['processing', 'completed', 'failed']),
      error: z.string().nullable(),
      completed_at: z.string().nullable(),
    }),
  ),
});
export type IntegrationsSummary = z.infer<typeof IntegrationsSummary>;

export const mailEndpoints = {
  oauthConfig: {
    method: 'POST',
    path: '/functions/v1/oauth-config',
    access: 'user',
    summary: 'Public OAuth client ids (google_client_id, ms_client_id); null when not configured.',
    input: z.object({}).strict(),
    output: OAuthConfig,
  },
  oauthPreflight: {
    method: 'POST',
    path: '/functions/v1/oauth-preflight',
    access: 'workspace',
    summary: 'Checks the OAuth configuration; for gmail / outlook-mail also returns the authorization URL.',
    input: OAuthPreflightInput,
    output: OAuthPreflight,
  },
  oauthStart: {
    method: 'POST',
    path: '/functions/v1/oauth-start',
    access: 'workspace',
    registeredOnly: true,
    summary: 'Starts an authorization-code flow (signed state, PKCE) and returns the provider URL.',
    input: OAuthStartInput,
    output: OAuthStart,
  },
  oauthCallback: {
    method: 'POST',
    path: '/functions/v1/oauth-callback',
    access: 'workspace',
    registeredOnly: true,
    summary: 'Completes the flow: checks the state, exchanges the code, stores the tokens encrypted.',
    input: OAuthCallbackInput,
    output: OAuthCallback,
  },
  oauthDisconnect: {
    method: 'POST',
    path: '/functions/v1/oauth-disconnect',
    access: 'workspace',
    summary: 'Revokes (where the provider can) and deletes the stored tokens of a mail provider.',
    input: OAuthDisconnectInput,
    output: OAuthDisconnect,
  },
  mailStatus: {
    method: 'GET',
    path: '/api/v1/mail/status',
    access: 'workspace',
    summary: 'Gmail / Outlook connections of the caller, calendar and inbound alias of the workspace.',
    input: z.object({}).strict(),
    output: MailStatus,
  },
  emailIntake: {
    method: 'POST',
    path: '/functions/v1/email-intake',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    registeredOnly: true,
    summary: "Run intake now: reads the caller's connected Gmail / Outlook inbox and stores new mail.",
    input: EmailIntakeInput,
    output: EmailIntakeResult,
  },
  createEmailAlias: {
    method: 'POST',
    path: '/functions/v1/create-email-alias',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    registeredOnly: true,
    role: 'manager',
    summary: "The workspace's inbound e-mail address (created once, then returned).",
    input: CreateEmailAliasInput,
    output: EmailAlias,
  },
  listMail: {
    method: 'GET',
    path: '/api/v1/mail/messages',
    access: 'workspace',
    summary: 'Most recent mails received for the workspace.',
    input: ListMailInput,
    output: MailList,
  },
  listCalendarEvents: {
    method: 'GET',
    path: '/api/v1/calendar/events',
    access: 'workspace',
    summary: 'Upcoming calendar events (recurrences expanded), soonest first.',
    input: ListCalendarEventsInput,
    output: CalendarEventList,
  },
  integrationsSummary: {
    method: 'POST',
    path: '/functions/v1/integrations-summary',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'Mail and calendar accounts with their status, and recent import runs.',
    input: IntegrationsSummaryInput,
    output: IntegrationsSummary,
  },
} as const satisfies Record<string, Endpoint>;
