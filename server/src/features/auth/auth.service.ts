import {
  type AuthSession,
  type AuthSettings,
  type AuthUser,
  CONFIRMATION_LINK_TTL_SECONDS,
  Email,
  type LogoutScope,
  authServiceMessages as M,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordGrantBody,
  type RefreshGrantBody,
  type SignUpBody,
} from '@helixis/contract';
import type { Tx } from '../../db/client';
import type { AuthedUser, Deps } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mailer';
import { childRefreshToken, hashToken, newOpaqueToken, refreshChainKey } from '../../platform/opaque-tokens';
import type { RateLimiter, RateLimitResult } from '../../platform/rate-limit';
import { withSystem } from '../../platform/tenant';
import { signAccessToken } from '../../platform/tokens';
import { openInvitationAddress } from '../team';
import * as repo from './auth.repo';
import { confirmationLink, confirmationMail, safeRedirectPath } from './auth-links';
import { hashPassword, verifyPassword } from './auth-passwords';
import { appMetadataOf, findUserById, toAuthUser, type UserRow } from './auth-user';

/** What every auth service call is given: the server's parts and who is calling from where. */
export interface AuthContext {
  deps: Deps;
  log: Logger;
  limiter: RateLimiter;
  mailer: Mailer;
  client: {
    ip: string;
    userAgent: string | null;
    /** Origin of mailed links: HELIXIS_PUBLIC_URL, else the listen address; never a request header. */
    appOrigin: string;
    /**
     * The origin the request names (Host). Only used to keep a `redirect_to` of this app as a path:
     * the browser goes to that path on the link's own origin, so a forged Host changes nothing.
     */
    requestOrigin: string;
  };
}

/** The sign-up metadata field that carries an invitation link's token (never stored). */
const INVITATION_TOKEN_FIELD = 'invitation_token';

/** How far the reuse path follows a rotated token's descendants; a chain longer than this is not a tab race. */
const MAX_CHAIN_WALK = 32;

export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function tooManyRequests(result: RateLimitResult, message: (wait: string) => string): AppError {
  return new AppError('over_request_rate_limit', {
    status: 429,
    userMessage: message(waitText(result.retryAfterSeconds)),
    headers: { 'Retry-After': String(result.retryAfterSeconds) },
  });
}

/** Sign-in and sign-up requests per client address. */
export async function limitByAddress(ctx: AuthContext): Promise<void> {
  const { authRequestsPerIp, authIpWindowSeconds } = ctx.deps.config.rateLimits;
  const result = await ctx.limiter.consume(`auth-ip:${ctx.client.ip}`, {
    limit: authRequestsPerIp,
    windowSeconds: authIpWindowSeconds,
  });
  if (!result.allowed) throw tooManyRequests(result, M.tooManyFromAddress);
}

/** A `redirect_to` of this app (at the mailed links' origin or the one the request named) as a path; else '/'. */
export function redirectPathFor(ctx: AuthContext, redirectTo: string | undefined): string {
  const path = safeRedirectPath(redirectTo, ctx.client.appOrigin);
  return path === '/' ? safeRedirectPath(redirectTo, ctx.client.requestOrigin) : path;
}

export function validationFailed(message: string): AppError {
  return new AppError('validation_failed', { status: 400, userMessage: message });
}

export function parseEmail(raw: string): string {
  const parsed = Email.safeParse(raw);
  if (!parsed.success) throw validationFailed(M.invalidEmail);
  return parsed.data;
}

export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('weak_password', {
      status: 422,
      userMessage: M.weakPassword,
      details: { weak_password: { reasons: ['length'] } },
    });
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw validationFailed(`Password must be no more than ${PASSWORD_MAX_LENGTH} characters.`);
  }
}

export function userAlreadyExists(cause?: unknown): AppError {
  return new AppError('user_already_exists', { status: 422, userMessage: M.userAlreadyExists, cause });
}

/** How a session was opened: the `amr` method of its access tokens (GoTrue's names). */
export type SignInMethod = 'password' | 'otp' | 'recovery' | 'anonymous';

/** An open session as the token response needs it. */
export interface OpenedSession {
  user: UserRow;
  sessionId: string;
  refreshToken: string;
}

/** Opens a session for `user`: a sessions row and its first refresh token, in the caller's transaction. */
export async function openSession(
  tx: Tx,
  ctx: AuthContext,
  user: UserRow,
  method: SignInMethod = 'password',
): Promise<OpenedSession> {
  const signedIn = await repo.markSignedIn(tx, user.id);
  const sessionId = await repo.insertSession(tx, {
    userId: user.id,
    userAgent: ctx.client.userAgent,
    ip: ctx.client.ip,
    signInMethod: method,
  });
  const refreshToken = newOpaqueToken();
  await repo.insertRefreshToken(tx, {
    tokenHash: hashToken(refreshToken),
    sessionId,
    userId: user.id,
    parentHash: null,
  });
  return { user: signedIn, sessionId, refreshToken };
}

/**
 * The GoTrue session object: a fresh access token for `sessionId` plus the given refresh token. The
 * token is signed ES256 (kid in its header) and carries GoTrue's claims: iss, aal, amr (from how the
 * session was opened), phone, app_metadata and user_metadata.
 */
export async function sessionResponse(ctx: AuthContext, opened: OpenedSession): Promise<AuthSession> {
  const { config, database } = ctx.deps;
  const session = await repo.findSession(database.db, opened.sessionId);
  const { token, expiresAt } = await signAccessToken(
    config.jwtKeys.signing ?? config.jwtKeys.hsSecret,
    {
      userId: opened.user.id,
      sessionId: opened.sessionId,
      email: opened.user.email ?? '',
      phone: '',
      isAnonymous: opened.user.isAnonymous,
      issuer: new URL('/auth/v1', ctx.client.appOrigin).toString(),
      amr: [
        {
          method: session?.signInMethod ?? 'password',
          timestamp: Math.floor(new Date(session?.createdAt ?? Date.now()).getTime() / 1000),
        },
      ],
      appMetadata: appMetadataOf(opened.user),
      userMetadata: opened.user.userMetadata ?? {},
    },
    config.accessTokenTtlSeconds,
  );
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: config.accessTokenTtlSeconds,
    expires_at: expiresAt,
    refresh_token: opened.refreshToken,
    user: toAuthUser(opened.user),
  };
}

async function createUserWithSession(ctx: AuthContext, user: repo.NewUser): Promise<AuthSession> {
  let opened: OpenedSession;
  const method: SignInMethod = user.isAnonymous ? 'anonymous' : 'password';
  try {
    opened = await withSystem(ctx.deps.database, async (tx) =>
      openSession(tx, ctx, await repo.insertUser(tx, user), method),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw userAlreadyExists(err);
    throw err;
  }
  ctx.log.info({ userId: opened.user.id, anonymous: user.isAnonymous }, 'user signed up');
  return sessionResponse(ctx, opened);
}

/**
 * POST /auth/v1/signup. With an e-mail: a password user (a session at once, or, when e-mail
 * confirmation is on, the user alone and a confirmation mail). Without e-mail and password: an
 * anonymous user with a session (the client's signInAnonymously).
 */
export async function signUp({
  ctx,
  input,
  redirectTo,
}: {
  ctx: AuthContext;
  input: SignUpBody;
  redirectTo: string | undefined;
}): Promise<AuthSession | AuthUser> {
  await limitByAddress(ctx);
  const { config: switches } = ctx.deps;
  const rawEmail = input.email?.trim() ?? '';
  // `data.invitation_token`: the sign-up comes from an invitation link; it is no user metadata.
  const { [INVITATION_TOKEN_FIELD]: invitationToken, ...metadata } = input.data ?? {};
  if (!rawEmail && input.phone?.trim()) {
    throw new AppError('phone_provider_disabled', { status: 400, userMessage: M.phoneDisabled });
  }
  if (!rawEmail) {
    if (input.password) throw validationFailed(M.emailRequired);
    if (switches.anonymousDisabled) {
      throw new AppError('anonymous_provider_disabled', { status: 422, userMessage: M.anonymousDisabled });
    }
    return createUserWithSession(ctx, {
      email: null,
      encryptedPassword: null,
      isAnonymous: true,
      userMetadata: metadata,
      confirmed: false,
    });
  }
  const email = parseEmail(rawEmail);
  const password = input.password ?? '';
  if (!password) throw validationFailed(M.signupPasswordRequired);
  if (switches.signupDisabled) throw new AppError('signup_disabled', { status: 422, userMessage: M.signupDisabled });
  checkPassword(password);
  const { database, config } = ctx.deps;
  if (await repo.findUserByEmail(database.db, email)) throw userAlreadyExists();
  const encryptedPassword = await hashPassword(password);

  // The invitation link was mailed to this very address: signing up from it proves the mailbox, so the
  // account is confirmed by the link itself (no second mail, even with confirmation on).
  const fromInvitation =
    typeof invitationToken === 'string' && (await openInvitationAddress(ctx.deps, invitationToken)) === email;
  if (!config.emailConfirmation || fromInvitation) {
    return createUserWithSession(ctx, {
      email,
      encryptedPassword,
      isAnonymous: false,
      userMetadata: metadata,
      confirmed: true,
    });
  }

  const token = newOpaqueToken();
  let user: UserRow;
  try {
    user = await repo.insertUser(database.db, {
      email,
      encryptedPassword,
      isAnonymous: false,
      userMetadata: metadata,
      confirmed: false,
      confirmationTokenHash: hashToken(token),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw userAlreadyExists(err);
    throw err;
  }
  const target = redirectPathFor(ctx, redirectTo);
  try {
    await ctx.mailer.send(confirmationMail(email, confirmationLink(ctx.client.appOrigin, token, target)));
  } catch (err) {
    // Without the mail the account could never be confirmed: undo it so the user can simply retry.
    await repo.deleteUser(database.db, user.id);
    throw new AppError('unexpected_failure', { status: 500, userMessage: M.mailFailed, cause: err });
  }
  ctx.log.info({ userId: user.id, delivery: ctx.mailer.delivery }, 'user signed up; confirmation mail sent');
  return toAuthUser(user);
}

/** Failed sign-ins one client address may make across all accounts per window, in per-account limits. */
const ADDRESS_LIMIT_FACTOR = 3;
/** Failed sign-ins an account may take from all clients per window before it runs "hot", in the same unit. */
const ACCOUNT_LIMIT_FACTOR = 5;
/** The longest lock of one client for one account, however often it was locked. */
const MAX_LOCK_SECONDS = 86_400;

/**
 * POST /auth/v1/token?grant_type=password. Unknown e-mail and wrong password give the same answer
 * after the same work, and count the same. Every attempt is counted before the password is checked
 * (so concurrent guesses cannot slip past a limit) and taken back when it succeeds. Counters:
 * - per account and client address: the limit's failures lock that client out of that account, each
 *   further lock within a day twice as long (backoff); the right password from another client still works;
 * - per client address across accounts: stops one client spraying a password over many accounts;
 * - per account across clients: past it the account is "hot" and a client that already failed for it
 *   in the window gets no further try, while a client that has not (the owner elsewhere) still may.
 */
export async function signInWithPassword({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: PasswordGrantBody;
}): Promise<AuthSession> {
  await limitByAddress(ctx);
  if (!input.email?.trim() && input.phone?.trim()) {
    throw new AppError('phone_provider_disabled', { status: 400, userMessage: M.phoneLoginDisabled });
  }
  const email = parseEmail(input.email ?? '');
  const { config, database } = ctx.deps;
  const { signInFailuresPerEmail: limit, signInWindowSeconds: windowSeconds } = config.rateLimits;
  const { limiter } = ctx;
  const ip = ctx.client.ip;
  const pairKey = `signin-failures:${email}|${ip}`;
  const lockKey = `signin-lock:${email}|${ip}`;
  const strikesKey = `signin-strikes:${email}|${ip}`;
  const addressKey = `signin-failures-ip:${ip}`;
  const accountKey = `signin-failures:${email}`;

  const locked = await limiter.activeSeconds(lockKey);
  if (locked > 0) throw tooManyRequests({ allowed: false, remaining: 0, retryAfterSeconds: locked }, M.tooManyFailures);
  const pair = await limiter.consume(pairKey, { limit, windowSeconds });
  if (!pair.allowed) throw tooManyRequests(pair, M.tooManyFailures);
  const fromAddress = await limiter.consume(addressKey, {
    limit: limit * ADDRESS_LIMIT_FACTOR,
    windowSeconds,
  });
  if (!fromAddress.allowed) {
    await limiter.undo(pairKey);
    throw tooManyRequests(fromAddress, M.tooManyFromAddress);
  }
  const account = await limiter.consume(accountKey, { limit: limit * ACCOUNT_LIMIT_FACTOR, windowSeconds });
  const failedBefore = pair.remaining < limit - 1;
  if (!account.allowed && failedBefore) throw tooManyRequests(account, M.tooManyFailures);

  const user = await repo.findUserByEmail(database.db, email);
  const valid = await verifyPassword(user?.encryptedPassword, input.password);
  if (!user || !valid) {
    if (pair.remaining === 0) {
      // This failure used up the client's allowance: lock it out of this account, longer each time.
      const strikes = await limiter.consume(strikesKey, { limit: 1_000_000, windowSeconds: MAX_LOCK_SECONDS });
      const strike = 1_000_000 - strikes.remaining;
      const lockSeconds = Math.min(windowSeconds * 2 ** Math.min(strike - 1, 16), MAX_LOCK_SECONDS);
      await limiter.consume(lockKey, { limit: 0, windowSeconds: lockSeconds });
    }
    ctx.log.info('sign-in refused: invalid credentials');
    throw new AppError('invalid_credentials', { status: 400, userMessage: M.invalidCredentials });
  }
  await limiter.reset(pairKey);
  await limiter.reset(strikesKey);
  await limiter.undo(addressKey);
  await limiter.undo(accountKey);
  if (config.emailConfirmation && !user.emailConfirmedAt) {
    throw new AppError('email_not_confirmed', { status: 400, userMessage: M.emailNotConfirmed });
  }
  const opened = await withSystem(database, (tx) => openSession(tx, ctx, user));
  ctx.log.info({ userId: user.id, sessionId: opened.sessionId }, 'user signed in');
  return sessionResponse(ctx, opened);
}

type RefreshOutcome =
  | { kind: 'issued'; sessionId: string; userId: string; refreshToken: string }
  | { kind: 'not_found' }
  | { kind: 'reused'; sessionId: string; userId: string };

/**
 * POST /auth/v1/token?grant_type=refresh_token. Rotates the token under a row lock. A token that
 * was already rotated is accepted again only within the reuse interval (two tabs refreshing at
 * once), and then answers with the session's current token; later, re-use means the token leaked,
 * so the whole session is revoked.
 */
export async function refreshSession({
  ctx,
  input,
}: {
  ctx: AuthContext;
  input: RefreshGrantBody;
}): Promise<AuthSession> {
  const { config, database } = ctx.deps;
  const chainKey = refreshChainKey(config.jwtSecret);
  const presented = input.refresh_token;
  const outcome = await withSystem(database, async (tx): Promise<RefreshOutcome> => {
    const row = await repo.lockRefreshToken(tx, hashToken(presented), config.refreshReuseIntervalSeconds);
    if (!row) return { kind: 'not_found' };
    const { sessionId, userId } = row;
    if (!row.revoked) {
      const child = childRefreshToken(chainKey, presented);
      await repo.revokeRefreshToken(tx, row.id);
      await repo.insertRefreshToken(tx, { tokenHash: hashToken(child), sessionId, userId, parentHash: row.tokenHash });
      await repo.touchSession(tx, sessionId);
      return { kind: 'issued', sessionId, userId, refreshToken: child };
    }
    if (row.withinReuseInterval) {
      let candidate = presented;
      for (let step = 0; step < MAX_CHAIN_WALK; step++) {
        candidate = childRefreshToken(chainKey, candidate);
        const next = await repo.findRefreshToken(tx, sessionId, hashToken(candidate));
        if (!next) break;
        if (!next.revoked) return { kind: 'issued', sessionId, userId, refreshToken: candidate };
      }
    }
    await repo.deleteSession(tx, sessionId);
    return { kind: 'reused', sessionId, userId };
  });

  if (outcome.kind === 'not_found') {
    throw new AppError('refresh_token_not_found', { status: 400, userMessage: M.refreshTokenNotFound });
  }
  if (outcome.kind === 'reused') {
    ctx.log.warn(
      { userId: outcome.userId, sessionId: outcome.sessionId },
      'rotated refresh token presented after the reuse interval; session revoked',
    );
    throw new AppError('refresh_token_already_used', { status: 400, userMessage: M.refreshTokenAlreadyUsed });
  }
  const user = await findUserById(database.db, outcome.userId);
  if (!user) throw new AppError('refresh_token_not_found', { status: 400, userMessage: M.refreshTokenNotFound });
  return sessionResponse(ctx, { user, sessionId: outcome.sessionId, refreshToken: outcome.refreshToken });
}

/** GET /auth/v1/user. */
export async function getUser({ ctx, user }: { ctx: AuthContext; user: AuthedUser }): Promise<AuthUser> {
  const row = await findUserById(ctx.deps.database.db, user.id);
  if (!row) throw new AppError('user_not_found', { status: 404, userMessage: M.userNotFound });
  return toAuthUser(row);
}

/** POST /auth/v1/logout: global ends every session of the user, local this one, others all but this one. */
export async function signOut({
  ctx,
  user,
  scope,
}: {
  ctx: AuthContext;
  user: AuthedUser;
  scope: LogoutScope;
}): Promise<void> {
  const { db } = ctx.deps.database;
  if (scope === 'local') await repo.deleteSession(db, user.sessionId);
  else if (scope === 'others') await repo.deleteUserSessions(db, user.id, user.sessionId);
  else await repo.deleteUserSessions(db, user.id);
  ctx.log.info({ userId: user.id, scope }, 'signed out');
}

/**
 * GET /auth/v1/verify: confirms the e-mail of the token's user and says where to send the browser.
 * A bad or expired link goes to the same place with GoTrue's error fragment.
 */
export async function verifyEmail({
  ctx,
  token,
  redirectTo,
}: {
  ctx: AuthContext;
  token: string;
  redirectTo: string | undefined;
}): Promise<{ location: string }> {
  const target = redirectPathFor(ctx, redirectTo);
  const userId = await repo.confirmEmail(ctx.deps.database.db, hashToken(token), CONFIRMATION_LINK_TTL_SECONDS);
  if (!userId) {
    ctx.log.info('e-mail confirmation refused: invalid or expired link');
    const fragment = new URLSearchParams({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: M.linkInvalid,
    });
    return { location: `${target.split('#')[0]}#${fragment.toString()}` };
  }
  ctx.log.info({ userId }, 'e-mail confirmed');
  return { location: target };
}

/** GET /auth/v1/settings: what this server offers, with the HELIXIS_DISABLE_* switches. */
export function authSettings(ctx: Pick<AuthContext, 'deps'>): AuthSettings {
  const { config } = ctx.deps;
  return {
    external: { email: true, anonymous_users: !config.anonymousDisabled, phone: false },
    disable_signup: config.signupDisabled,
    mailer_autoconfirm: !ctx.deps.config.emailConfirmation,
    phone_autoconfirm: false,
  };
}
