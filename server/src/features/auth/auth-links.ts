import { BRAND_NAME, CONFIRMATION_LINK_TTL_SECONDS } from '@helixis/contract';
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
