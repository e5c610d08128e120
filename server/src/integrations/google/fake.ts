import type { FakeHandlerResult, RecordedRequest } from '../fake-kit';
import { FakeOAuthProvider } from '../fake-oauth';
import { parseRfc822 } from '../outgoing-mail';

/**
 * Local fake of Google's OAuth 2.0 server (accounts.google.com authorize, oauth2.googleapis.com
 * token and revoke paths) and of the Gmail API messages list/get and attachments.get. Tests point
 * HELIXIS_GOOGLE_AUTH_URL / _TOKEN_URL / _REVOKE_URL and HELIXIS_GMAIL_API_URL at it.
 */
export const FAKE_GOOGLE_CLIENT_ID = 'fake-google-client.apps.googleusercontent.com';
export const FAKE_GOOGLE_CLIENT_SECRET = 'GOCSPX-fake-google-secret';

export interface FakeGmailMessage {
  id: string;
  from: string;
  subject: string;
  text: string;
  date: Date;
  /** Files attached; served by users.messages.attachments.get under ids att-0, att-1, ... */
  attachments?: { filename: string; mimeType: string; data: Buffer }[];
}

/** What users.messages.send received, decoded from its raw RFC 822 form. */
export interface FakeGmailSent {
  id: string;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

export class FakeGoogle extends FakeOAuthProvider {
  readonly messages: FakeGmailMessage[] = [];
  readonly sent: FakeGmailSent[] = [];

  constructor(options: { redirectUris: string[]; email?: string; accessTokenSeconds?: number }) {
    super({
      clientId: FAKE_GOOGLE_CLIENT_ID,
      clientSecret: FAKE_GOOGLE_CLIENT_SECRET,
      redirectUris: options.redirectUris,
      email: options.email ?? 'owner@gmail.example',
      accessTokenSeconds: options.accessTokenSeconds,
      rotateRefreshTokens: false,
      paths: { authorize: '/o/oauth2/v2/auth', token: '/token', revoke: '/revoke' },
      style: 'google',
    });
  }

  /** Environment for the server under test. */
  env(): Record<string, string> {
    return {
      HELIXIS_GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      HELIXIS_GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT_SECRET,
      HELIXIS_GOOGLE_AUTH_URL: this.authorizeUrl,
      HELIXIS_GOOGLE_TOKEN_URL: this.tokenUrl,
      HELIXIS_GOOGLE_REVOKE_URL: this.revokeUrl,
      HELIXIS_GMAIL_API_URL: this.url,
    };
  }

  protected override handleApi(req: RecordedRequest, body: string): FakeHandlerResult {
    const base = '/gmail/v1/users/me/messages';
    if (!req.path.startsWith(base))
      return { status: 404, body: { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } } };
    if (!this.authorized(req)) {
      return { status: 401, body: { error: { code: 401, message: 'Invalid Credentials', status: 'UNAUTHENTICATED' } } };
    }
    if (req.path === `${base}/send`) return this.#send(req, body);
    if (req.path === base) {
      const max = Number(req.query.get('maxResults') ?? 100);
      // Gmail search: only the `from:` operator is understood here (the connectors' relationship lookup).
      const from = /(?:^|\s)from:(\S+)/i.exec(req.query.get('q') ?? '')?.[1]?.toLowerCase();
      const sorted = [...this.messages]
        .filter((m) => !from || m.from.toLowerCase().includes(from))
        .sort((a, b) => b.date.getTime() - a.date.getTime())
        .slice(0, max);
      return {
        status: 200,
        body: { messages: sorted.map((m) => ({ id: m.id, threadId: `t-${m.id}` })), resultSizeEstimate: sorted.length },
      };
    }
    const [id = '', sub, attachmentId] = req.path
      .slice(base.length + 1)
      .split('/')
      .map(decodeURIComponent);
    const m = this.messages.find((x) => x.id === id);
    const notFound = {
      status: 404,
      body: { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } },
    };
    if (!m) return notFound;
    if (sub === 'attachments') {
      const file = m.attachments?.[Number(attachmentId?.replace('att-', ''))];
      if (!file || !attachmentId?.startsWith('att-')) return notFound;
      return { status: 200, body: { attachmentId, size: file.data.length, data: file.data.toString('base64url') } };
    }
    const alternative = {
      mimeType: 'multipart/alternative',
      headers: [],
      body: { size: 0 },
      parts: [
        { mimeType: 'text/plain', headers: [], body: { size: m.text.length, data: b64(m.text) } },
        { mimeType: 'text/html', headers: [], body: { size: m.text.length + 7, data: b64(`<p>${m.text}</p>`) } },
      ],
    };
    const files = (m.attachments ?? []).map((a, i) => ({
      mimeType: a.mimeType,
      filename: a.filename,
      headers: [{ name: 'Content-Disposition', value: `attachment; filename="${a.filename}"` }],
      body: { attachmentId: `att-${i}`, size: a.data.length },
    }));
    return {
      status: 200,
      body: {
        id: m.id,
        threadId: `t-${m.id}`,
        labelIds: ['INBOX'],
        snippet: m.text.slice(0, 100),
        internalDate: String(m.date.getTime()),
        payload: {
          mimeType: files.length > 0 ? 'multipart/mixed' : 'multipart/alternative',
          headers: [
            { name: 'From', value: m.from },
            { name: 'To', value: this.options.email },
            { name: 'Subject', value: m.subject },
            { name: 'Date', value: m.date.toUTCString() },
          ],
          body: { size: 0 },
          parts: files.length > 0 ? [alternative, ...files] : alternative.parts,
        },
      },
    };
  }

  /** users.messages.send: JSON {raw: base64url RFC 822}; a message without a recipient is refused as Gmail does. */
  #send(req: RecordedRequest, body: string): FakeHandlerResult {
    const invalid = (message: string) => ({
      status: 400,
      body: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } },
    });
    if (req.method !== 'POST') return { status: 405, body: { error: { code: 405, message: 'Method Not Allowed' } } };
    let raw: unknown;
    try {
      raw = (JSON.parse(body) as { raw?: unknown }).raw;
    } catch {
      return invalid('Invalid JSON payload received.');
    }
    if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]+=*$/.test(raw))
      return invalid("'raw' RFC822 payload message string or uploading message via /upload/* URL required");
    const parsed = parseRfc822(Buffer.from(raw, 'base64url').toString('utf8'));
    const to = parsed.headers.to ?? '';
    if (!to) return invalid('Invalid To header');
    const id = `sent-${this.sent.length + 1}-${Date.now().toString(16)}`;
    this.sent.push({ id, to, subject: parsed.headers.subject ?? '', text: parsed.text, headers: parsed.headers });
    return { status: 200, body: { id, threadId: `t-${id}`, labelIds: ['SENT'] } };
  }
}
