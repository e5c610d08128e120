import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** An e-mail address: text, @, text, dot, text. */
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

/** A sign-in method of a user (GoTrue's identity); a user with an e-mail has exactly one, `email`. */
export const AuthIdentity = z.object({
  identity_id: z.string().uuid(),
  id: z.string(),
  user_id: z.string().uuid(),
  identity_data: z.record(z.string(), z.unknown()),
  provider: z.string(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  email: z.string().optional(),
});
export type AuthIdentity = z.infer<typeof AuthIdentity>;

/** The GoTrue wire format spoken by `/auth/v1` (what `@supabase/auth-js` sends and expects). */
export const AuthUser = z.object({
  id: z.string().uuid(),
  aud: z.string(),
  role: z.string(),
  email: z.string().optional(),
  /** The server always sends it, `""` when unset (as GoTrue does); Helixis has no phone sign-in. */
  phone: z.string().optional(),
  email_confirmed_at: z.string().nullable().optional(),
  /** An e-mail change waiting for its confirmation link (sent to this new address). */
  new_email: z.string().optional(),
  email_change_sent_at: z.string().nullable().optional(),
  recovery_sent_at: z.string().nullable().optional(),
  confirmed_at: z.string().nullable().optional(),
  last_sign_in_at: z.string().nullable().optional(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(AuthIdentity),
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
  phone: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

export const PasswordGrantBody = z.looseObject({
  email: z.string().optional(),
  phone: z.string().optional(),
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

/** Any grant type is read; the ones not in GrantType answer GoTrue's unsupported_grant_type. */
export const TokenQuery = z.looseObject({ grant_type: z.string().default('') });
export type TokenQuery = z.infer<typeof TokenQuery>;

export const LogoutScope = z.enum(['global', 'local', 'others']);
export type LogoutScope = z.infer<typeof LogoutScope>;

export const LogoutQuery = z.looseObject({ scope: LogoutScope.default('global') });
export type LogoutQuery = z.infer<typeof LogoutQuery>;

/** What a mailed link or code is for (GoTrue's verification types; `email` is a code of sign-up or magic link). */
export const VerifyType = z.enum(['signup', 'email', 'recovery', 'magiclink', 'email_change', 'invite']);
export type VerifyType = z.infer<typeof VerifyType>;

/** GET /auth/v1/verify: the link of a mail (sign-up confirmation, recovery, magic link, e-mail change). */
export const VerifyQuery = z.looseObject({
  token: z.string().min(1).max(200),
  type: VerifyType,
  redirect_to: z.string().optional(),
});
export type VerifyQuery = z.infer<typeof VerifyQuery>;

/** POST /auth/v1/verify (verifyOtp): the 6-digit code with its address, or the link's token as `token_hash`. */
export const VerifyBody = z.looseObject({
  type: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  token: z.string().max(200).optional(),
  token_hash: z.string().max(200).optional(),
});
export type VerifyBody = z.infer<typeof VerifyBody>;

/** POST /auth/v1/recover (resetPasswordForEmail). */
export const RecoverBody = z.looseObject({ email: z.string().optional() });
export type RecoverBody = z.infer<typeof RecoverBody>;

/** POST /auth/v1/otp (signInWithOtp): a magic link and a 6-digit code by mail. */
export const OtpBody = z.looseObject({
  email: z.string().optional(),
  phone: z.string().optional(),
  create_user: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type OtpBody = z.infer<typeof OtpBody>;

/** POST /auth/v1/resend: the sign-up confirmation or e-mail change mail again. */
export const ResendBody = z.looseObject({
  type: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});
export type ResendBody = z.infer<typeof ResendBody>;

/** Query of /recover, /otp, /resend and PUT /user: where the mailed link sends the browser. */
export const RedirectQuery = z.looseObject({ redirect_to: z.string().optional() });
export type RedirectQuery = z.infer<typeof RedirectQuery>;

/** PUT /auth/v1/user (updateUser). `data` is merged into user_metadata; `null` values remove keys. */
export const UpdateUserBody = z.looseObject({
  email: z.string().optional(),
  password: z.string().optional(),
  phone: z.string().optional(),
  nonce: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  app_metadata: z.record(z.string(), z.unknown()).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** GET /auth/v1/.well-known/jwks.json: the public keys access tokens are signed with. */
export const Jwk = z.looseObject({
  kty: z.string(),
  kid: z.string(),
  alg: z.string(),
  use: z.string(),
  key_ops: z.array(z.string()),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
});
export type Jwk = z.infer<typeof Jwk>;
export const JwksDocument = z.object({ keys: z.array(Jwk) });
export type JwksDocument = z.infer<typeof JwksDocument>;

/** How long a mailed recovery link, magic link, e-mail change link or 6-digit code stays valid. */
export const EMAIL_OTP_TTL_SECONDS = 3_600;
/** Wrong 6-digit codes one address may be tried with per hour before every code for it is refused. */
export const EMAIL_OTP_MAX_FAILURES = 5;

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
  recoveryMailFailed: 'Error sending recovery email',
  magicLinkMailFailed: 'Error sending magic link email',
  emailChangeMailFailed: 'Error sending email change email',
  signupPasswordRequired: 'Signup requires a valid password',
  signupDisabled: 'Signups not allowed for this instance',
  otpSignupDisabled: 'Signups not allowed for otp',
  anonymousDisabled: 'Anonymous sign-ins are disabled',
  phoneDisabled: 'Phone signups are disabled',
  phoneLoginDisabled: 'Phone logins are disabled',
  unsupportedGrantType: 'unsupported_grant_type',
  samePassword: 'New password should be different from the old password.',
  anonymousPasswordNeedsEmail: 'Updating password of an anonymous user without an email or phone is not allowed',
  emailExists: 'A user with this email address has already been registered',
  otpInvalid: 'Token has expired or is invalid',
  verifyNeedsToken: 'Verify requires either a token or a token hash',
  verifyNeedsType: 'Verify requires a verification type',
  verifyNeedsEmail: 'Only an email address or phone number should be provided on verify',
  unsupportedVerifyType: 'Unsupported verification type',
  recoverNeedsEmail: 'Password recovery requires an email',
  resendNeedsType: 'Missing one of these types: signup, email_change',
  emailChangeSent: 'Confirmation link sent to the new email address',
  notFound: 'Not Found',
  outboxLoopbackOnly: 'The dev outbox answers only requests made directly on the machine the server runs on.',
  tooManyFromAddress: (wait: string) =>
    `Too many sign-in and sign-up requests from this network. Please try again in ${wait}.`,
  tooManyFailures: (wait: string) => `Too many failed sign-in attempts for this email. Please try again in ${wait}.`,
  mailTooSoon: (seconds: number) => `For security purposes, you can only request this after ${seconds} seconds.`,
  tooManyCodes: (wait: string) => `Too many wrong codes for this email. Please try again in ${wait}.`,
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
  'same_password',
  'email_exists',
  'otp_expired',
  'otp_disabled',
  'over_email_send_rate_limit',
  'phone_provider_disabled',
  'unsupported_grant_type',
  'email_address_invalid',
  'not_found',
  'not_admin',
  'current_password_mismatch',
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
  phone: z.string().optional(),
  is_anonymous: z.boolean(),
  exp: z.number(),
  iat: z.number(),
  iss: z.string().optional(),
  aal: z.string().optional(),
  amr: z.array(z.object({ method: z.string(), timestamp: z.number() })).optional(),
  app_metadata: z.record(z.string(), z.unknown()).optional(),
  user_metadata: z.record(z.string(), z.unknown()).optional(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaims>;
