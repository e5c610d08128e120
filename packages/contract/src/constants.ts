/** The product's business constants. Milliseconds unless the name says otherwise. */
export const AUTH_FALLBACK_TIMEOUT_MS = 5_000;
export const SESSION_READ_RETRIES = 3;
export const SESSION_READ_RETRY_DELAY_MS = 2_000;
export const SESSION_RECOVERY_ATTEMPTS = 3;
export const ROLE_CHECK_TIMEOUT_MS = 10_000;
export const WORKSPACE_SLOW_SETUP_MS = 10_000;
export const SIGNUP_GRACE_PROTECTED_ROUTE_MS = 2 * 60_000;
export const SIGNUP_GRACE_ROUTE_GUARD_MS = 3 * 60_000;
export const ROUTE_GUARD_DELAY_MS = 1_000;
export const RECENT_SIGNUP_REDIRECT_MS = 30_000;
export const SIGNUP_MARKER_WINDOW_MS = 10_000;
export const POST_SIGNIN_REDIRECT_DELAY_MS = 50;
export const BUSINESS_AUTOSAVE_DEBOUNCE_MS = 1_000;
export const GRACE_INTEGRATION_MS = 60_000;
export const GRACE_BOOTSTRAP_MS = 90_000;
export const GRACE_SUMMARY_MS = 45_000;

export const DEFAULT_ASSISTANT_TEMPERATURE = 0.2;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_RECOMMENDED_LENGTH = 8;
/** Server-side cap so a huge body cannot make password hashing expensive (not in the spec). */
export const PASSWORD_MAX_LENGTH = 1_024;
/** The longest e-mail address SMTP allows (not in the spec). */
export const EMAIL_MAX_LENGTH = 320;
/** How long an e-mail confirmation link stays valid (not in the spec; GoTrue's default). */
export const CONFIRMATION_LINK_TTL_SECONDS = 86_400;
export const OPERATIONAL_DESCRIPTION_MIN_CHARS = 50;
export const CONFIDENCE_TIER_MID = 41;
export const CONFIDENCE_TIER_HIGH = 76;
export const ANONYMOUS_DEMO_MESSAGES = 2;
export const COPYRIGHT_YEAR = 2025;

/** Auth library values (library level). */
export const TOKEN_REFRESH_TICK_MS = 30_000;
export const TOKEN_REFRESH_MARGIN_MS = 90_000;

/** Server-side limits chosen for the platform (not in the spec; see README). */
export const ACCESS_TOKEN_TTL_SECONDS = 3_600;
export const MAX_JSON_BODY_BYTES = 1_048_576;
export const MAX_CLIENT_LOG_BYTES = 16_384;
/** Crash reports per client address and window (not in the spec). */
export const CLIENT_LOG_RATE_LIMIT = 20;
export const CLIENT_LOG_WINDOW_SECONDS = 60;
/** Crash reports older than this many days are deleted by the daily client-log cleanup (not in the spec). */
export const CLIENT_LOG_RETENTION_DAYS = 30;
/** Demo chat requests per client address and window: a few visitors behind one address (not in the spec). */
export const DEMO_CHAT_IP_LIMIT = 12;
export const DEMO_CHAT_IP_WINDOW_SECONDS = 3_600;
export const DEMO_MESSAGE_MAX_CHARS = 500;
/** After the slow-setup notice, as long again before the 'Setup Taking Too Long' card (not in the spec). */
export const WORKSPACE_SETUP_TOO_LONG_MS = 20_000;
/** Prefixes of the ids an anonymous visitor's local-only profile uses. */
export const LOCAL_PROFILE_ID_PREFIX = 'local_';
export const LOCAL_SESSION_ID_PREFIX = 'session_';

export const BRAND_NAME = 'Helixis';
/** The fallback workspace id when no workspace exists. */
export const NIL_WORKSPACE_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Confidence score table. Every threshold is exclusive ("above", "longer than");
 * placeholder values are compared trimmed and case-insensitively.
 */
export const CONFIDENCE_SCORE_MIN = 0;
export const CONFIDENCE_SCORE_MAX = 100;
export const CONFIDENCE_DESCRIPTION_STEPS = [
  { above: 30, points: 5 },
  { above: 80, points: 5 },
  { above: 150, points: 5 },
] as const;
export const CONFIDENCE_FIELD_RULES = {
  location: { longerThan: 3, points: 12, placeholders: ['unknown', 'n/a', 'tbd'] },
  services: { longerThan: 8, points: 15, placeholders: ['unknown', 'various', 'n/a'] },
  target_audience: { longerThan: 5, points: 12, placeholders: ['everyone', 'unknown', 'n/a'] },
  business_type: { longerThan: 3, points: 8, placeholders: ['unknown', 'other', 'n/a'] },
} as const;
export const CONFIDENCE_BUSINESS_NAME = { longerThan: 1, points: 8 } as const;
/** A word counts when it is longer than this many characters. */
export const CONFIDENCE_WORD_MIN_CHARS = 2;
export const CONFIDENCE_WORD_STEPS = [
  { above: 40, points: 3 },
  { above: 80, points: 3 },
  { above: 120, points: 4 },
] as const;
/** A sentence counts when it is longer than this many characters. */
export const CONFIDENCE_SENTENCE_MIN_CHARS = 10;
export const CONFIDENCE_SENTENCE_STEPS = [
  { above: 3, points: 3 },
  { above: 6, points: 3 },
] as const;
/** When location, services, audience and type all earn their points. */
export const CONFIDENCE_ALL_FOUR_BONUS = 10;
export const CONTRADICTION_PENALTIES = {
  pricing: -30,
  business_type: -35,
  location: -25,
  target_audience: -20,
  services: -25,
  service_area: -25,
  business_policy: -30,
  semantic: -40,
} as const;
/** With more than one contradiction, this again for each one. */
export const CONTRADICTION_EXTRA_PENALTY = -10;

/** Business name extraction. */
export const BUSINESS_NAME_MIN_CHARS = 2;
export const BUSINESS_NAME_MAX_CHARS = 40;

// Kept here, away from the zod schemas, so the web app's first screen can use them without loading zod.
/**
 * The realtime WebSocket. Browsers cannot set headers on a WebSocket, so the access token travels
 * as `?access_token=`; the server answers a refusal by closing with one of REALTIME_CLOSE_CODES.
 */
export const REALTIME_PATH = '/api/v1/realtime';
export const REALTIME_CLOSE_CODES = {
  /** Missing, invalid or expired token, or the session ended: refresh the token and reconnect. */
  unauthorized: 4401,
  /** The page's origin may not open the socket. */
  forbiddenOrigin: 4403,
  /** The user is no longer a member of the socket's workspace: reconnect (to the workspace they have now). */
  membershipEnded: 4410,
} as const;
/** Server ping frames (realtime heartbeat 25 s); a client missing one is dropped. */
export const REALTIME_HEARTBEAT_MS = 25_000;

/** The client-log endpoint's public path (the spec's own name for it). */
export const CLIENT_LOG_PATH = '/__client-log';
