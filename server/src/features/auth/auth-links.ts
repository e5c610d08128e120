import { BRAND_NAME, CONFIRMATION_LINK_TTL_SECONDS, EMAIL_OTP_TTL_SECONDS } from '@helixis/contract';
import type { Mail } from '../../platform/mailer';

/**
 * Where a link may send the browser: a path of this app, never another site. Relative paths and
 * absolute URLs of `appOrigin` are kept (as a path); anything else becomes '/'. Resolving through
 * URL also catches `//host`, `/\host`, tabs and `javascript:` tricks.
 */
export function safeRedirectPath(raw: string | undefined, appOrigin: string): string {
  if (!raw) return '/';
  let target: URL;
  let origin: string;
  try {
    origin = new URL(appOrigin).origin;
    target = new URL(raw, `${origin}/`);
  } catch {
    return '/';
  }
  if (target.origin !== origin) return '/';
  // A path starting with '//' would be read as another host by the browser.
  const path = `${target.pathname.replace(/^\/+/, '/')}${target.search}${target.hash}`;
  return path.startsWith('/') ? path : '/';
}

/** The address the user opens to confirm sign-up; it carries the token, so it is only ever mailed. */
export function confirmationLink(appOrigin: string, token: string, redirectTo: string): string {
  const url = new URL('/auth/v1/verify', appOrigin);
  url.searchParams.set('token', token);
  url.searchParams.set('type', 'signup');
  url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

export function confirmationMail(to: string, link: string): Mail {
  return {
    to,
    subject: `Confirm your ${BRAND_NAME} account`,
    text: [
      'Hello,',
      '',
      `Please confirm your e-mail address to finish creating your ${BRAND_NAME} account:`,
      '',
      link,
      '',
      `The link is valid for ${CONFIRMATION_LINK_TTL_SECONDS / 3600} hours. If you did not sign up, you can ignore this message.`,
    ].join('\n'),
  };
}

/** The link of a recovery, magic-link or e-mail change mail: GET /auth/v1/verify with its one-time token. */
export function verifyLink(
  appOrigin: string,
  token: string,
  type: 'recovery' | 'magiclink' | 'email_change',
  redirectTo: string,
): string {
  const url = new URL('/auth/v1/verify', appOrigin);
  url.searchParams.set('token', token);
  url.searchParams.set('type', type);
  url.searchParams.set('redirect_to', redirectTo);
  return url.toString();
}

const minutes = (seconds: number) => Math.round(seconds / 60);

export function recoveryMail(to: string, link: string, code: string): Mail {
  return {
    to,
    subject: `Reset your ${BRAND_NAME} password`,
    text: [
      'Hello,',
      '',
      `Someone asked to reset the password of the ${BRAND_NAME} account for this address. To choose a new password, open:`,
      '',
      link,
      '',
      `Or enter this code: ${code}`,
      '',
      `The link and the code work once, for ${minutes(EMAIL_OTP_TTL_SECONDS)} minutes. If you did not ask for this, ignore this message: your password stays as it is.`,
    ].join('\n'),
  };
}

export function magicLinkMail(to: string, link: string, code: string): Mail {
  return {
    to,
    subject: `Your ${BRAND_NAME} sign-in link`,
    text: [
      'Hello,',
      '',
      `To sign in to ${BRAND_NAME}, open:`,
      '',
      link,
      '',
      `Or enter this code: ${code}`,
      '',
      `The link and the code work once, for ${minutes(EMAIL_OTP_TTL_SECONDS)} minutes. If you did not ask to sign in, you can ignore this message.`,
    ].join('\n'),
  };
}

export function emailChangeMail(to: string, link: string, code: string): Mail {
  return {
    to,
    subject: `Confirm your new ${BRAND_NAME} e-mail address`,
    text: [
      'Hello,',
      '',
      `Someone asked to use this address for their ${BRAND_NAME} account. To confirm the change, open:`,
      '',
      link,
      '',
      `Or enter this code: ${code}`,
      '',
      `The link and the code work once, for ${minutes(EMAIL_OTP_TTL_SECONDS)} minutes. If you did not ask for this, ignore this message: nothing changes.`,
    ].join('\n'),
  };
}
