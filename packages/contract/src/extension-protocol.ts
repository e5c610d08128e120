/**
 * What the web app, the server and the browser extension share: allowed extension domains (Settings
 * page), the window messages of the handshake, limits and texts. No imports on
 * purpose: the extension bundle (extension/src) uses this file too.
 */

/** The user-facing texts. */
export const extensionMessages = {
  signInToConnect: 'Please sign in to connect your extension.',
  createWorkspaceFirst: 'Open the app to create a workspace first.',
  connectFirst: 'Connect first',
  authenticationRequired: 'Authentication Required',
  workspaceMissing: 'Workspace missing',
  connectionFailed: 'Connection failed',
  failedToBootstrap: 'Failed to bootstrap',
  testFailed: 'Test failed',
  pageNotAllowed: 'The extension may not read pages on this site. Add the domain under Settings → Extension.',
} as const;

/** Product constants, and limits of our own. */
export const EXTENSION_TEST_ANSWER_CHARS = 140;
/** The desktop-assistant integration refreshes every 5 minutes. */
export const CLUELY_REFRESH_SECONDS = 300;
export const EXT_QUERY_MAX_CHARS = 2_000;
export const EXT_PAGE_TEXT_MAX_CHARS = 50_000;
export const EXT_ANSWERS_PER_MINUTE = 20;
/** Bootstraps (token issues) per user per minute. */
export const EXT_BOOTSTRAPS_PER_MINUTE = 10;
/** A user keeps at most this many live extension tokens; a new one revokes the oldest. */
export const EXT_LIVE_TOKENS_PER_USER = 5;
/** Local storage keys of the web app. */
export const EXTENSION_CONNECTED_KEY = 'extension_connected';

/**
 * The window messages between the web app and the extension's bridge script (probe,
 * acknowledgement, bootstrap). The page posts with `source: 'helixis-app'`, the extension answers
 * with `source: 'helixis-extension'`.
 */
export const EXTENSION_MESSAGE = {
  appSource: 'helixis-app',
  extensionSource: 'helixis-extension',
  probe: 'probe',
  acknowledgement: 'acknowledgement',
  bootstrap: 'bootstrap',
  disconnect: 'disconnect',
} as const;

/** The spec's defaults: Gmail and Outlook web hosts, Zendesk and Freshdesk wildcard hosts. */
export const DEFAULT_EXTENSION_HOSTS: readonly string[] = [
  'mail.google.com',
  'outlook.live.com',
  'outlook.office.com',
  'outlook.office365.com',
  '*.zendesk.com',
  '*.freshdesk.com',
];

export const EXTENSION_HOSTS_MAX = 50;
const HOST_MAX_CHARS = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Why a host pattern is not acceptable, or null when it is. A pattern is a host name
 * (`mail.google.com`) or a wildcard for its subdomains (`*.zendesk.com`, which does not match
 * `zendesk.com` itself). The texts tell the user how to fix the entry.
 */
export function hostPatternProblem(raw: string): string | null {
  const pattern = raw.trim().toLowerCase();
  if (!pattern) return 'A domain cannot be empty.';
  if (pattern.length > HOST_MAX_CHARS) return `"${raw}" is too long for a domain.`;
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(pattern)) return `"${raw}": leave out the ${pattern.split('://')[0]}:// part.`;
  if (/[/?#]/.test(pattern)) return `"${raw}": enter only the domain, without a path.`;
  if (pattern.includes(':')) return `"${raw}": enter the domain without a port.`;
  if (/\s/.test(pattern)) return `"${raw}": a domain cannot contain spaces.`;
  const wildcard = pattern.startsWith('*.');
  const rest = wildcard ? pattern.slice(2) : pattern;
  if (rest.includes('*')) return `"${raw}": a wildcard is only allowed as the first part, like *.zendesk.com.`;
  const labels = rest.split('.');
  if (labels.length < 2) return `"${raw}" is not a full domain (like mail.example.com).`;
  if (!labels.every((l) => LABEL.test(l))) return `"${raw}" is not a valid domain name.`;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return `"${raw}": use a domain name, not an IP address.`;
  return null;
}

/** The canonical form stored and compared: trimmed and lower-case. */
export function normalizeHostPattern(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Whether a page's host name is covered by one of the patterns. */
export function hostAllowed(hostname: string, patterns: readonly string[]): boolean {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (!host) return false;
  return patterns.some((p) => {
    const pattern = normalizeHostPattern(p);
    if (pattern.startsWith('*.')) {
      const suffix = pattern.slice(1);
      return host.endsWith(suffix) && host.length > suffix.length;
    }
    return host === pattern;
  });
}

/** Chrome match patterns for host patterns, as used in the manifest (`*` = http or https). */
export function matchPatternsFor(patterns: readonly string[]): string[] {
  return patterns.map((p) => `*://${normalizeHostPattern(p)}/*`);
}
