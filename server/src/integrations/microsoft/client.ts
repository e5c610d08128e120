import { type FetchedMail, getJson, type MailAttachmentRef } from '../mail-message';
import type { OutgoingMail } from '../outgoing-mail';
import { sendRequest } from '../send-request';

/** Microsoft Graph: the inbox's most recent messages. */
interface GraphMessage {
  id: string;
  subject?: string;
  bodyPreview?: string;
  body?: { contentType?: string; content?: string };
  from?: { emailAddress?: { address?: string; name?: string } };
  toRecipients?: { emailAddress?: { address?: string } }[];
  receivedDateTime?: string;
  hasAttachments?: boolean;
}

interface GraphAttachment {
  '@odata.type'?: string;
  id: string;
  name?: string;
  contentType?: string;
  size?: number;
  contentBytes?: string;
}

/** Graph may send HTML bodies; a crude tag strip is enough for indexing the text. */
function toText(body: GraphMessage['body'], preview: string | undefined): string {
  if (!body?.content) return preview ?? '';
  if (body.contentType === 'html') {
    return body.content
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return body.content;
}

export class GraphMailClient {
  constructor(private readonly baseUrl: string) {}

  async listRecent(accessToken: string, max: number): Promise<FetchedMail[]> {
    const select = 'id,subject,bodyPreview,body,from,toRecipients,receivedDateTime,hasAttachments';
    const url = `${this.baseUrl}/v1.0/me/mailFolders/inbox/messages?$top=${max}&$select=${select}&$orderby=receivedDateTime%20desc`;
    const page = (await getJson(url, accessToken)) as { value?: GraphMessage[] };
    return (page.value ?? []).map((m) => ({
      externalId: m.id,
      from: m.from?.emailAddress?.address ?? null,
      to:
        m.toRecipients
          ?.map((r) => r.emailAddress?.address)
          .filter(Boolean)
          .join(', ') || null,
      subject: m.subject ?? '',
      text: toText(m.body, m.bodyPreview),
      receivedAt: m.receivedDateTime ? new Date(m.receivedDateTime) : new Date(),
      hasAttachments: m.hasAttachments === true,
    }));
  }

  /** POST /me/sendMail (202, no body); the copy is kept in Sent Items. */
  async send(accessToken: string, mail: OutgoingMail): Promise<void> {
    await sendRequest({
      url: `${this.baseUrl}/v1.0/me/sendMail`,
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          subject: mail.subject,
          body: { contentType: 'Text', content: mail.text },
          toRecipients: [{ emailAddress: { address: mail.to } }],
        },
        saveToSentItems: true,
      }),
      idempotent: false,
      describeError: (json) => (json as { error?: { message?: string } } | null)?.error?.message,
    });
  }

  /** GET /messages/{id}/attachments without contents: file attachments only (not items or links). */
  async listAttachments(accessToken: string, messageId: string): Promise<MailAttachmentRef[]> {
    const url = `${this.baseUrl}/v1.0/me/messages/${encodeURIComponent(messageId)}/attachments?$select=id,name,contentType,size`;
    const page = (await getJson(url, accessToken)) as { value?: GraphAttachment[] };
    return (page.value ?? [])
      .filter((a) => (a['@odata.type'] ?? '#microsoft.graph.fileAttachment') === '#microsoft.graph.fileAttachment')
      .map((a) => ({
        id: a.id,
        filename: a.name ?? '',
        contentType: a.contentType ?? 'application/octet-stream',
        size: a.size ?? 0,
      }));
  }

  /** GET /messages/{id}/attachments/{attachmentId}: a file attachment's bytes (base64 `contentBytes`). */
  async getAttachment(accessToken: string, messageId: string, attachmentId: string): Promise<Buffer> {
    const url = `${this.baseUrl}/v1.0/me/messages/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachmentId)}`;
    const body = (await getJson(url, accessToken)) as GraphAttachment;
    return Buffer.from(body.contentBytes ?? '', 'base64');
  }
}
