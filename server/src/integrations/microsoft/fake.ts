import type { FakeHandlerResult, RecordedRequest } from '../fake-kit';
import { FakeOAuthProvider } from '../fake-oauth';

/**
 * Local fake of the Microsoft identity platform v2.0 endpoints (`/common/oauth2/v2.0/authorize`,
 * `/token`; refresh tokens rotate; no revoke) and of Graph's inbox messages list and attachments. Tests point
 * HELIXIS_MS_AUTHORITY_URL and HELIXIS_GRAPH_API_URL at it.
 */
export const FAKE_MS_CLIENT_ID = '00000000-fake-4000-8000-000000000365';
export const FAKE_MS_CLIENT_SECRET = 'fake~ms~client~secret';

export interface FakeGraphMessage {
  id: string;
  from: string;
  subject: string;
  text: string;
  date: Date;
  /** File attachments, listed and served under /me/messages/{id}/attachments with ids att-0, att-1, ... */
  attachments?: { name: string; contentType: string; data: Buffer }[];
}

/** What /me/sendMail received. */
export interface FakeGraphSent {
  to: string[];
  subject: string;
  text: string;
  contentType: string;
}

export class FakeMicrosoft extends FakeOAuthProvider {
  readonly messages: FakeGraphMessage[] = [];
  readonly sent: FakeGraphSent[] = [];

  constructor(options: { redirectUris: string[]; email?: string; accessTokenSeconds?: number }) {
    super({
      clientId: FAKE_MS_CLIENT_ID,
      clientSecret: FAKE_MS_CLIENT_SECRET,
      redirectUris: options.redirectUris,
      email: options.email ?? 'owner@outlook.example',
      accessTokenSeconds: options.accessTokenSeconds,
      rotateRefreshTokens: true,
      paths: { authorize: '/common/oauth2/v2.0/authorize', token: '/common/oauth2/v2.0/token' },
      style: 'microsoft',
    });
  }

  env(): Record<string, string> {
    return {
      HELIXIS_MS_CLIENT_ID: FAKE_MS_CLIENT_ID,
      HELIXIS_MS_CLIENT_SECRET: FAKE_MS_CLIENT_SECRET,
      HELIXIS_MS_AUTHORITY_URL: `${this.url}/common/oauth2/v2.0`,
      HELIXIS_GRAPH_API_URL: this.url,
    };
  }

  protected override handleApi(req: RecordedRequest, body: string): FakeHandlerResult {
    if (req.path === '/v1.0/me/sendMail' && req.method === 'POST') return this.#sendMail(req, body);
    const attachments = req.path.match(/^\/v1\.0\/me\/messages\/([^/]+)\/attachments(?:\/([^/]+))?$/);
    if (attachments && this.authorized(req)) return this.attachment(attachments[1] ?? '', attachments[2]);
    const single = /^\/v1\.0\/me\/messages\/([^/]+)$/.exec(req.path);
    if (req.path !== '/v1.0/me/mailFolders/inbox/messages' && !single) {
      return { status: 404, body: { error: { code: 'ResourceNotFound', message: 'Resource not found.' } } };
    }
    if (!this.authorized(req)) {
      return {
        status: 401,
        body: { error: { code: 'InvalidAuthenticationToken', message: 'Access token is invalid.' } },
      };
    }
    const top = Number(req.query.get('$top') ?? 10);
    // OData: only `from/emailAddress/address eq '…'` is understood (the connectors' relationship lookup).
    const from = /from\/emailAddress\/address eq '([^']+)'/i.exec(req.query.get('$filter') ?? '')?.[1]?.toLowerCase();
    const id = single?.[1] ? decodeURIComponent(single[1]) : null;
    const value = [...this.messages]
      .filter((m) => (!from || m.from.toLowerCase() === from) && (!id || m.id === id))
      .sort((a, b) => b.date.getTime() - a.date.getTime())
      .slice(0, top)
      .map((m) => ({
        id: m.id,
        subject: m.subject,
        bodyPreview: m.text.slice(0, 255),
        body: { contentType: 'text', content: m.text },
        from: { emailAddress: { name: m.from, address: m.from } },
        toRecipients: [{ emailAddress: { address: this.options.email } }],
        receivedDateTime: m.date.toISOString(),
        isRead: false,
        hasAttachments: (m.attachments ?? []).length > 0,
        conversationId: `c-${m.id}`,
      }));
    if (id) {
      return value[0]
        ? { status: 200, body: value[0] }
        : {
            status: 404,
            body: { error: { code: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' } },
          };
    }
    return { status: 200, body: { value } };
  }

  /** POST /me/sendMail {message{subject, body, toRecipients}, saveToSentItems} → 202 without a body. */
  #sendMail(req: RecordedRequest, body: string): FakeHandlerResult {
    if (!this.authorized(req)) {
      return {
        status: 401,
        body: { error: { code: 'InvalidAuthenticationToken', message: 'Access token is invalid.' } },
      };
    }
    const bad = (message: string) => ({ status: 400, body: { error: { code: 'ErrorInvalidRequest', message } } });
    let message: {
      subject?: string;
      body?: { contentType?: string; content?: string };
      toRecipients?: { emailAddress?: { address?: string } }[];
    };
    try {
      message = (JSON.parse(body) as { message?: typeof message }).message ?? {};
    } catch {
      return bad('Unable to read JSON request payload.');
    }
    const to = (message.toRecipients ?? []).map((r) => r.emailAddress?.address ?? '').filter(Boolean);
    if (to.length === 0) return bad('At least one recipient is required, but none were found.');
    this.sent.push({
      to,
      subject: message.subject ?? '',
      text: message.body?.content ?? '',
      contentType: message.body?.contentType ?? 'Text',
    });
    return { status: 202, body: undefined };
  }

  /** fileAttachment resources; contentBytes only when one attachment is read (the list selects without it). */
  private attachment(messageId: string, attachmentId: string | undefined): FakeHandlerResult {
    const m = this.messages.find((x) => x.id === decodeURIComponent(messageId));
    const notFound = { status: 404, body: { error: { code: 'ErrorItemNotFound', message: 'Not found.' } } };
    if (!m) return notFound;
    const resources = (m.attachments ?? []).map((a, i) => ({
      '@odata.type': '#microsoft.graph.fileAttachment',
      id: `att-${i}`,
      name: a.name,
      contentType: a.contentType,
      size: a.data.length,
      isInline: false,
      contentBytes: a.data.toString('base64'),
    }));
    if (attachmentId === undefined)
      return { status: 200, body: { value: resources.map(({ contentBytes, ...rest }) => rest) } };
    const one = resources.find((r) => r.id === decodeURIComponent(attachmentId));
    return one ? { status: 200, body: one } : notFound;
  }
}
