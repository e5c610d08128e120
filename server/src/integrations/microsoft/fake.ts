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

export class FakeMicrosoft extends FakeOAuthProvider {
  readonly messages: FakeGraphMessage[] = [];

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

  protected override handleApi(req: RecordedRequest): FakeHandlerResult {
    const attachments = req.path.match(/^\/v1\.0\/me\/messages\/([^/]+)\/attachments(?:\/([^/]+))?$/);
    if (attachments && this.authorized(req)) return this.attachment(attachments[1] ?? '', attachments[2]);
    if (req.path !== '/v1.0/me/mailFolders/inbox/messages') {
      return { status: 404, body: { error: { code: 'ResourceNotFound', message: 'Resource not found.' } } };
    }
    if (!this.authorized(req)) {
      return {
        status: 401,
        body: { error: { code: 'InvalidAuthenticationToken', message: 'Access token is invalid.' } },
      };
    }
    const top = Number(req.query.get('$top') ?? 10);
    const value = [...this.messages]
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
    return { status: 200, body: { value } };
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
