import {
  type AuthSession,
  CONFIRMATION_LINK_TTL_SECONDS,
  EMAIL_OTP_MAX_FAILURES,
  EMAIL_OTP_TTL_SECONDS,
  authServiceMessages as M,
  type OtpBody,
  type RecoverBody,
  type ResendBody,
  type VerifyBody,
  type VerifyType,
} from '@helixis/contract';
import type { Tx } from '../../db/client';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { hashToken, newOpaqueToken } from '../../platform/opaque-tokens';
import { withSystem } from '../../platform/tenant';
import * as repo from './auth.repo';
import {
  type AuthContext,
  limitByAddress,
  type OpenedSession,
  openSession,
  parseEmail,
  redirectPathFor,
  sessionResponse,
  tooManyRequests,
  validationFailed,
  verifyEmail,
} from './auth.service';
import {
  confirmationLink,
  confirmationMail,
  emailChangeMail,
  magicLinkMail,
  recoveryMail,
  verifyLink,
} from './auth-links';
import {
  consumeEmailCode,
  consumeLinkToken,
  issueOneTimeToken,
  type OneTimePurpose,
  type OneTimeRow,
} from './auth-one-time';
import { findUserById } from './auth-user';

/**
 * The mailed flows of /auth/v1 (decision 030): password recovery, e-mail sign-in links and codes,
 * e-mail change confirmation and resending. Every link and code works once and expires; requests
 * that mail someone answer the same whether or not the address has an account, and each address gets
 * at most one such mail per HELIXIS_MAIL_MIN_INTERVAL_SECONDS.
 */

function otpInvalid(): AppError {
  return new AppError('otp_expired', { status: 403, userMessage: M.otpInvalid });
}

function phoneDisabled(): AppError {
  return new AppError('phone_provider_disabled', { status: 400, userMessage: M.phoneDisabled });
}

/** One mail of a kind per address and interval, counted whether or not the address has an account. */
export async function limitMails(ctx: AuthContext, key: string): Promise<void> {
  const windowSeconds = ctx.deps.config.rateLimits.mailIntervalSeconds;
  if (windowSeconds <= 0) return;
  const result = await ctx.limiter.consume(`mail:${key}`, { limit: 1, windowSeconds });
  if (!result.allowed) {
    throw new AppError('over_email_send_rate_limit', {
      status: 429,
      userMessage: M.mailTooSoon(result.retryAfterSeconds),
      headers: { 'Retry-After': String(result.retryAfterSeconds) },
    });
  }
}

async function sendOrFail(send: () => Promise<void>, message: string): Promise<void> {
  try {
    await send();
  } catch (err) {
    throw new AppError('unexpected_failure', { status: 500, userMessage: message, cause: err });
  }
}

/** POST /auth/v1/recover (resetPasswordForEmail): a recovery link and code, if the address has an account. */
export async function recoverPassword({
  ctx,
  input,
  redirectTo,
}: {
  ctx: AuthContext;
  input: RecoverBody;
  redirectTo: string | undefined;
}): Promise<Record<string, never>> {
  await limitByAddress(ctx);
  const raw = input.email?.trim();
  if (!raw) throw validationFailed(M.recoverNeedsEmail);
  const email = parseEmail(raw);
  await limitMails(ctx, `recover:${email}`);
  const { db } = ctx.deps.database;
  const user = await repo.findUserByEmail(db, email);
  if (user && !user.isAnonymous) {
    const { token, code } = await issueOneTimeToken(db, { userId: user.id, purpose: 'recovery', email });
    await repo.markRecoverySent(db, user.id);
    const link = verifyLink(ctx.client.appOrigin, token, 'recovery', redirectPathFor(ctx, redirectTo));
    await sendOrFail(() => ctx.mailer.send(recoveryMail(email, link, code)), M.recoveryMailFailed);
    ctx.log.info({ userId: user.id, delivery: ctx.mailer.delivery }, 'password recovery mail sent');
  } else {
    ctx.log.info('password recovery requested for an address without an account');
  }
  return {};
}

/**
 * POST /auth/v1/otp (signInWithOtp): a sign-in link and 6-digit code. An unknown address gets an
 * account (no password, unconfirmed until the link or code is used) unless `create_user` is false or
 * sign-up is switched off: then GoTrue's otp_disabled.
 */
export async function sendSignInLink({
  ctx,
  input,
  redirectTo,
}: {
  ctx: AuthContext;
  input: OtpBody;
  redirectTo: string | undefined;
}): Promise<Record<string, never>> {
  await limitByAddress(ctx);
  if (!input.email?.trim() && input.phone?.trim()) throw phoneDisabled();
  const email = parseEmail(input.email ?? '');
  const { database, config } = ctx.deps;
  let user = await repo.findUserByEmail(database.db, email);
  let created = false;
  if (!user) {
    if (input.create_user === false || config.signupDisabled) {
      throw new AppError('otp_disabled', { status: 422, userMessage: M.otpSignupDisabled });
    }
    await limitMails(ctx, `otp:${email}`);
    try {
      user = await repo.insertUser(database.db, {
        email,
        encryptedPassword: null,
        isAnonymous: false,
        userMetadata: input.data ?? {},
        confirmed: false,
      });
      created = true;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      user = await repo.findUserByEmail(database.db, email);
      if (!user) throw err;
    }
  } else {
    await limitMails(ctx, `otp:${email}`);
  }
  const { token, code } = await issueOneTimeToken(database.db, { userId: user.id, purpose: 'magiclink', email });
  const link = verifyLink(ctx.client.appOrigin, token, 'magiclink', redirectPathFor(ctx, redirectTo));
  try {
    await ctx.mailer.send(magicLinkMail(email, link, code));
  } catch (err) {
    if (created) await repo.deleteUser(database.db, user.id);
    throw new AppError('unexpected_failure', { status: 500, userMessage: M.magicLinkMailFailed, cause: err });
  }
  ctx.log.info({ userId: user.id, created, delivery: ctx.mailer.delivery }, 'sign-in link mailed');
  return {};
}

/** POST /auth/v1/resend: the sign-up confirmation or the e-mail change mail again (same answer for anyone). */
export async function resendMail({
  ctx,
  input,
  redirectTo,
}: {
  ctx: AuthContext;
  input: ResendBody;
  redirectTo: string | undefined;
}): Promise<Record<string, never>> {
  await limitByAddress(ctx);
  const type = input.type;
  if (type === 'sms' || type === 'phone_change' || (!input.email && input.phone)) throw phoneDisabled();
  if (type !== 'signup' && type !== 'email_change') throw validationFailed(M.resendNeedsType);
  const email = parseEmail(input.email ?? '');
  await limitMails(ctx, `resend:${type}:${email}`);
  const { db } = ctx.deps.database;
  const user = await repo.findUserByEmail(db, email);
  const target = redirectPathFor(ctx, redirectTo);
  if (type === 'signup' && user && !user.emailConfirmedAt && user.encryptedPassword) {
    const token = newOpaqueToken();
    await repo.setConfirmationToken(db, user.id, hashToken(token));
    await sendOrFail(
      () => ctx.mailer.send(confirmationMail(email, confirmationLink(ctx.client.appOrigin, token, target))),
      M.mailFailed,
    );
    ctx.log.info({ userId: user.id }, 'sign-up confirmation mail sent again');
  } else if (type === 'email_change' && user?.newEmail) {
    await mailEmailChange(ctx, user.id, user.newEmail, target);
    ctx.log.info({ userId: user.id }, 'e-mail change mail sent again');
  }
  return {};
}

/** Mails the confirmation of an e-mail change to the new address. */
export async function mailEmailChange(ctx: AuthContext, userId: string, newEmail: string, target: string) {
  const { token, code } = await issueOneTimeToken(ctx.deps.database.db, {
    userId,
    purpose: 'email_change',
    email: newEmail,
  });
  const link = verifyLink(ctx.client.appOrigin, token, 'email_change', target);
  await sendOrFail(() => ctx.mailer.send(emailChangeMail(newEmail, link, code)), M.emailChangeMailFailed);
}

/** What a used link or code does before the session opens: confirm the address, or move to the new one. */
async function completeOneTime(tx: Tx, ctx: AuthContext, row: OneTimeRow): Promise<OpenedSession> {
  const user = await findUserById(tx, row.userId);
  if (!user) throw otpInvalid();
  let current = user;
  if (row.purpose === 'email_change') {
    try {
      current = await repo.applyEmailChange(tx, user.id, row.email);
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('email_exists', { status: 422, userMessage: M.emailExists, cause: err });
      }
      throw err;
    }
  } else if (!user.emailConfirmedAt) {
    current = await repo.confirmUser(tx, user.id);
  }
  return openSession(tx, ctx, current, row.purpose === 'recovery' ? 'recovery' : 'otp');
}

function purposesOf(type: string): OneTimePurpose[] | null {
  if (type === 'recovery') return ['recovery'];
  if (type === 'magiclink' || type === 'email' || type === 'signup') return ['magiclink'];
  if (type === 'email_change') return ['email_change'];
  return null;
}

/**
 * GET /auth/v1/verify, the link of a mail. A sign-up confirmation confirms and redirects (as before);
 * a recovery, sign-in or e-mail change link opens a session and hands it to the app in the redirect's
 * fragment with its `type` (GoTrue's implicit flow: the client emits PASSWORD_RECOVERY or SIGNED_IN).
 * A used, replaced or expired link redirects with GoTrue's error fragment.
 */
export async function verifyMailLink({
  ctx,
  token,
  type,
  redirectTo,
}: {
  ctx: AuthContext;
  token: string;
  type: VerifyType;
  redirectTo: string | undefined;
}): Promise<{ location: string }> {
  if (type === 'signup' || type === 'email' || type === 'invite') return verifyEmail({ ctx, token, redirectTo });
  const target = redirectPathFor(ctx, redirectTo).split('#')[0] ?? '/';
  const purposes = purposesOf(type) ?? [];
  let opened: OpenedSession;
  try {
    opened = await withSystem(ctx.deps.database, async (tx) => {
      const row = await consumeLinkToken(tx, token, purposes, EMAIL_OTP_TTL_SECONDS);
      if (!row) throw otpInvalid();
      return completeOneTime(tx, ctx, row);
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ctx.log.info({ type, code: err.code }, 'mailed link refused');
    const fragment = new URLSearchParams({
      error: 'access_denied',
      error_code: err.code,
      error_description: err.code === 'otp_expired' ? M.linkInvalid : err.message,
    });
    return { location: `${target}#${fragment.toString()}` };
  }
  const session = await sessionResponse(ctx, opened);
  ctx.log.info({ userId: opened.user.id, type }, 'mailed link used');
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type,
  });
  return { location: `${target}#${fragment.toString()}` };
}

/**
 * POST /auth/v1/verify (verifyOtp): the 6-digit code with its address, or a link's token as
 * `token_hash`. Wrong codes are counted per address; past EMAIL_OTP_MAX_FAILURES in an hour every
 * code for it is refused, so six digits cannot be guessed.
 */
export async function verifyOtp({ ctx, input }: { ctx: AuthContext; input: VerifyBody }): Promise<AuthSession> {
  await limitByAddress(ctx);
  if (!input.type) throw validationFailed(M.verifyNeedsType);
  if (!input.token && !input.token_hash) throw validationFailed(M.verifyNeedsToken);
  // GoTrue looks the phone's code up (it does not check the provider here); no account has a phone: none matches.
  if (input.phone && !input.email) throw otpInvalid();
  const purposes = purposesOf(input.type);
  if (!purposes) throw validationFailed(M.unsupportedVerifyType);
  const { database } = ctx.deps;

  if (input.token_hash) {
    const tokenHash = input.token_hash;
    const opened = await withSystem(database, async (tx) => {
      if (input.type === 'signup' || input.type === 'email') {
        // The link of a sign-up confirmation mail (its token kept in users).
        const confirmed = await repo.confirmEmailUser(tx, hashToken(tokenHash), CONFIRMATION_LINK_TTL_SECONDS);
        if (confirmed) return openSession(tx, ctx, confirmed, 'otp');
      }
      const row = await consumeLinkToken(tx, tokenHash, purposes, EMAIL_OTP_TTL_SECONDS);
      if (!row) throw otpInvalid();
      return completeOneTime(tx, ctx, row);
    });
    return sessionResponse(ctx, opened);
  }

  const email = parseEmail(input.email ?? '');
  const code = (input.token ?? '').replace(/[\s-]/g, '');
  const failuresKey = `otp-failures:${email}`;
  const attempt = await ctx.limiter.consume(failuresKey, { limit: EMAIL_OTP_MAX_FAILURES, windowSeconds: 3_600 });
  if (!attempt.allowed) throw tooManyRequests(attempt, M.tooManyCodes);
  const opened = await withSystem(database, async (tx) => {
    const row = /^\d{6}$/.test(code)
      ? await consumeEmailCode(tx, email, code, purposes, EMAIL_OTP_TTL_SECONDS)
      : undefined;
    if (!row) return null;
    return completeOneTime(tx, ctx, row);
  });
  if (!opened) {
    ctx.log.info({ type: input.type }, 'e-mail code refused');
    throw otpInvalid();
  }
  await ctx.limiter.undo(failuresKey);
  ctx.log.info({ userId: opened.user.id, type: input.type }, 'e-mail code used');
  return sessionResponse(ctx, opened);
}
