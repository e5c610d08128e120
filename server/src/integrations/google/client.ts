import { type FetchedMail, getJson, type MailAttachmentRef } from '../mail-message';
import { type OutgoingMail, rfc822 } from '../outgoing-mail';
import { sendRequest } from '../send-request';

/** The few Gmail API calls Helixis makes (users.messages.list / get, format=full, send). */

interface GmailPart {
  mimeType?: string;
  filename?: string;
  headers?: { name: string; value: string }[];
  body?: { data?: string; attachmentId?: string; size?: number };
  parts?: GmailPart[];
}

/** Parts with a file name and an attachmentId: the attachments (users.messages.attachments.get). */
function attachmentRefs(part: GmailPart | undefined): MailAttachmentRef[] {
  if (!part) return [];
  const own =
    part.filename && part.body?.attachmentId
      ? [
          {
            id: part.body.attachmentId,
            filename: part.filename,
            contentType: part.mimeType ?? 'application/octet-stream',
            size: part.body.size ?? 0,
          },
        ]
      : [];
  return [...own, ...(part.parts ?? []).flatMap(attachmentRefs)];
}

function header(part: GmailPart | undefined, name: string): string | null {
  const found = part?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase());
  return found?.value ?? null;
}

/** The first text/plain body in the MIME tree (Gmail sends base64url data). */
function plainText(part: GmailPart | undefined): string {
  if (!part) return '';
  if (part.mimeType === 'text/plain' && part.body?.data)
    return Buffer.from(part.body.data, 'base64url').toString('utf8');
  for (const child of part.parts ?? []) {
    const text = plainText(child);
    if (text) return text;
  }
  return '';
}

export class GmailClient {
  constructor(private readonly baseUrl: string) {}

  async listRecent(accessToken: string, max: number): Promise<FetchedMail[]> {
    const list = (await getJson(
      `${this.baseUrl}/gmail/v1/users/me/messages?maxResults=${max}&labelIds=INBOX`,
      accessToken,
    )) as { messages?: { id: string }[] };
    const out: FetchedMail[] = [];
    for (const { id } of list.messages ?? []) {
      const m = (await getJson(
        `${this.baseUrl}/gmail/v1/users/me/messages/${encodeURIComponent(id)}?format=full`,
        accessToken,
      )) as { id: string; snippet?: string; internalDate?: string; payload?: GmailPart };
      out.push({
        externalId: m.id,
        from: header(m.payload, 'From'),
        to: header(m.payload, 'To'),
        subject: header(m.payload, 'Subject') ?? '',
        text: plainText(m.payload) || m.snippet || '',
        receivedAt: new Date(Number(m.internalDate ?? Date.now())),
        attachments: attachmentRefs(m.payload),
      });
    }
    return out;
  }

  /** users.messages.send: the raw RFC 822 message, base64url. Returns Gmail's message id. */
  async send(accessToken: string, mail: OutgoingMail): Promise<{ id: string }> {
    const res = await sendRequest({
      url: `${this.baseUrl}/gmail/v1/users/me/messages/send`,
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ raw: Buffer.from(rfc822(mail), 'utf8').toString('base64url') }),
      idempotent: false,
      describeError: (json) => (json as { error?: { message?: string } } | null)?.error?.message,
    });
    return { id: String((res.json as { id?: string } | null)?.id ?? '') };
  }

  /** users.messages.attachments.get: the attachment's bytes (base64url `data`). */
  async getAttachment(accessToken: string, messageId: string, attachmentId: string): Promise<Buffer> {
    const body = (await getJson(
      `${this.baseUrl}/gmail/v1/users/me/messages/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachmentId)}`,
      accessToken,
    )) as { data?: string };
    return Buffer.from(body.data ?? '', 'base64url');
  }
}
