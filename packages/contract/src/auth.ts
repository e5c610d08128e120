import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** Doc 1 §5: text, @, text, dot, text. */
/**
 * The usual form of an address: a local part of letters, digits and `.!#$%&'*+/=?^_\`{|}~-` (no
 * leading, trailing or doubled dot), `@`, and a domain of letter-digit-hyphen labels with a dot. No
 * quotes, spaces or markup (`<`, `>`), which would be sent on into mails and pages.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, `Must be no more than ${EMAIL_MAX_LENGTH} characters`)
  .regex(EMAIL_PATTERN, 'Invalid format');
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Must be no more than ${PASSWORD_MAX_LENGTH} characters`);

/** The GoTrue wire format spoken by `/auth/v1` (what `@supabase/auth-js` sends and expects). */
export const AuthUser = z.object({
  id: z.string().uuid(),
  aud: z.string(),
  role: z.string(),
  email: z.string().optional(),
  email_confirmed_at: z.string().nullable().optional(),
  confirmed_at: z.string().nullable().optional(),
  last_sign_in_at: z.string().nullable().optional(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(z.unknown()),
  is_anonymous: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const AuthSession = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: AuthUser,
});
export type AuthSession = z.infer<typeof AuthSession>;

/** Body of POST /auth/v1/signup. Unknown fields the client adds (gotrue_meta_security, code_challenge) are ignored. */
export const SignUpBody = z.looseObject({
  email: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

export const PasswordGrantBody = z.looseObject({
  email: z.string(),
  password: z.string(),
});
export type PasswordGrantBody = z.infer<typeof PasswordGrantBody>;

export const RefreshGrantBody = z.looseObject({ refresh_token: z.string().min(1) });
export type RefreshGrantBody = z.infer<typeof RefreshGrantBody>;

/** Query of POST /auth/v1/signup: the client sends `options.emailRedirectTo` as `redirect_to`. */
export const SignUpQuery = z.looseObject({ redirect_to: z.string().optional() });
export type SignUpQuery = z.infer<typeof SignUpQuery>;

export const GrantType = z.enum(['password', 'refresh_token']);
export type GrantType = z.infer<typeof GrantType>;

export const TokenQuery = z.looseObject({ grant_type: GrantType });
export type TokenQuery = z.infer<typeof TokenQuery>;

export const LogoutScope = z.enum(['global', 'local', 'others']);
export type LogoutScope = z.infer<typeof LogoutScope>;

export const LogoutQuery = z.looseObject({ scope: LogoutScope.default('global') });
export type LogoutQuery = z.infer<typeof LogoutQuery>;

/** GET /auth/v1/verify: the link of the confirmation mail. */
export const VerifyQuery = z.looseObject({
  token: z.string().min(1),
  type: z.enum(['signup', 'email']),
  redirect_to: z.string().optional(),
});
export type VerifyQuery = z.infer<typeof VerifyQuery>;

/** GET /auth/v1/settings (the subset of GoTrue's settings this server has). */
export const AuthSettings = z.object({
  external: z.object({ email: z.boolean(), anonymous_users: z.boolean(), phone: z.boolean() }),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
});
export type AuthSettings = z.infer<typeof AuthSettings>;

/** GET /auth/v1/dev/outbox (development only): mail that would have been sent. */
export const OutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;
export const OutboxList = z.object({ mails: z.array(OutboxMail) });
export type OutboxList = z.infer<typeof OutboxList>;
export const OutboxQuery = z.looseObject({
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

/** The texts of the authentication service (GoTrue's words; the web maps some of them, see errors.ts). */
export const authServiceMessages = {
  userAlreadyExists: 'User already registered',
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  weakPassword: `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`,
  invalidEmail: 'Unable to validate email address: invalid format',
  emailRequired: 'To signup, please provide your email',
  refreshTokenNotFound: 'Invalid Refresh Token: Refresh Token Not Found',
  refreshTokenAlreadyUsed: 'Invalid Refresh Token: Already Used',
  noAuthorization: 'This endpoint requires a valid Bearer token',
  sessionNotFound: 'Session from session_id claim in JWT does not exist',
  userNotFound: 'User from sub claim in JWT does not exist',
  badJson: 'Could not parse request body as JSON',
  bodyNotObject: 'The request body must be a JSON object',
  linkInvalid: 'Email link is invalid or has expired',
  mailFailed: 'Error sending confirmation email',
  outboxLoopbackOnly: 'The dev outbox answers only requests made directly on the machine the server runs on.',
  tooManyFromAddress: (wait: string) =>
    `Too many sign-in and sign-up requests from this network. Please try again in ${wait}.`,
  tooManyFailures: (wait: string) => `Too many failed sign-in attempts for this email. Please try again in ${wait}.`,
} as const;

/** GoTrue error codes the server emits (the client reads `code`, `error_code` and `msg`). */
export const AuthErrorCode = z.enum([
  'user_already_exists',
  'invalid_credentials',
  'weak_password',
  'email_not_confirmed',
  'session_not_found',
  'over_request_rate_limit',
  'validation_failed',
  'refresh_token_already_used',
  'refresh_token_not_found',
  'bad_jwt',
  'no_authorization',
  'user_not_found',
  'unexpected_failure',
  'anonymous_provider_disabled',
  'signup_disabled',
  'bad_json',
]);
export type AuthErrorCode = z.infer<typeof AuthErrorCode>;

export const AuthErrorBody = z.object({
  code: z.number().int(),
  error_code: AuthErrorCode,
  msg: z.string(),
  weak_password: z.object({ reasons: z.array(z.string()) }).optional(),
});
export type AuthErrorBody = z.infer<typeof AuthErrorBody>;

/** The GoTrue API version header that makes the client read `code`. */
export const AUTH_API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const AUTH_API_VERSION = '2024-01-01';

/** Claims inside a Helixis access token. */
export const AccessTokenClaims = z.object({
  sub: z.string().uuid(),
  session_id: z.string().uuid(),
  typ: z.literal('access'),
  role: z.string(),
  aud: z.string(),
  email: z.string().optional(),
  is_anonymous: z.boolean(),
  exp: z.number(),
  iat: z.number(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;
