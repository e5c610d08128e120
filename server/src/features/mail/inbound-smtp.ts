import type { AddressInfo } from 'node:net';
import { MAIL_LIMITS } from '@helixis/contract';
import type { Attachment } from 'mailparser';
import type { SMTPServerAddress } from 'smtp-server';
import type { MailAttachmentInfo } from '../../db/schema';
import type { Deps } from '../../platform/context';
import { storeInboundMail, workspaceForAlias } from './mail.service';

/**
 * The inbound receiver for workspace aliases (`inbox-…@<HELIXIS_INBOUND_MAIL_DOMAIN>`): accepts a
 * recipient only when it is an existing alias of our domain (no relay), caps the size, parses the
 * MIME message, keeps metadata of attachments of accepted types, and stores the mail for the
 * alias's workspace (which also feeds the knowledge base).
 */

const ALLOWED_ATTACHMENT_TYPES = [
  /^text\//,
  /^image\/(png|jpeg|gif|webp)$/,
  /^application\/pdf$/,
  /^application\/(msword|vnd\.openxmlformats-officedocument\.[\w.-]+|vnd\.ms-excel)$/,
  /^text\/calendar$/,
];
const BLOCKED_EXTENSIONS = /\.(exe|bat|cmd|com|scr|js|vbs|msi|jar|ps1|sh|dll|hta|lnk)$/i;

export function acceptedAttachment(a: Pick<Attachment, 'contentType' | 'filename'>): boolean {
  if (a.filename && BLOCKED_EXTENSIONS.test(a.filename)) return false;
  return ALLOWED_ATTACHMENT_TYPES.some((re) => re.test(a.contentType.toLowerCase()));
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

function addressText(value: unknown): string | null {
  const v = value as { text?: string } | Array<{ text?: string }> | undefined;
  if (!v) return null;
  if (Array.isArray(v)) return v.map((x) => x.text ?? '').join(', ') || null;
  return v.text ?? null;
}

export interface InboundMailServer {
  port: number;
  close(): Promise<void>;
}

export async function startInboundMail(
  deps: Deps,
  options: { port: number; host: string },
): Promise<InboundMailServer> {
  // Loaded only when the listener starts (HELIXIS_INBOUND_SMTP_PORT): most servers never receive mail.
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
  const { domain } = deps.config.inboundMail;
  const log = deps.log.child({ component: 'inbound-smtp' });
  const resolveRecipient = async (address: SMTPServerAddress) => {
    const [local, host] = address.address.toLowerCase().split('@');
    if (!local || host !== domain) return null;
    return workspaceForAlias(deps, local);
  };

  const server = new SMTPServer({
    name: domain,
    banner: 'Helixis inbound mail',
    // Receiving only: no AUTH, no relay. TLS would need a certificate this listener does not have.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAIL_LIMITS.inboundMaxBytes,
    maxClients: 50,
    logger: false,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= 20) return callback(smtpError('Too many recipients', 452));
      resolveRecipient(address)
        .then((workspaceId) =>
          workspaceId ? callback() : callback(smtpError(`No such mailbox: ${address.address}`, 550)),
        )
        .catch((err: unknown) => {
          log.error({ err }, 'alias lookup failed');
          callback(smtpError('Temporary failure, try again later', 451));
        });
    },
    onData(stream, session, callback) {
      simpleParser(stream, { skipHtmlToText: false })
        .then(async (parsed) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            return callback(smtpError('Message exceeds the size limit', 552));
          }
          const attachments: MailAttachmentInfo[] = parsed.attachments
            .filter((a) => {
              const ok = acceptedAttachment(a);
              if (!ok) log.info({ contentType: a.contentType }, 'inbound attachment refused by type');
              return ok;
            })
            .map((a) => ({ filename: a.filename ?? null, contentType: a.contentType, size: a.size }));
          const text = (parsed.text ?? '').trim();
          for (const rcpt of session.envelope.rcptTo) {
            const workspaceId = await resolveRecipient(rcpt);
            if (!workspaceId) continue;
            await storeInboundMail(deps, log, {
              workspaceId,
              messageId: parsed.messageId ?? null,
              from: addressText(parsed.from),
              to: rcpt.address,
              subject: parsed.subject ?? '',
              text,
              attachments,
              receivedAt: new Date(),
            });
          }
          callback();
        })
        .catch((err: unknown) => {
          log.error({ err }, 'inbound mail failed');
          callback(smtpError('Message could not be processed', 451));
        });
    },
  });
  server.on('error', (err) => log.error({ err }, 'smtp server error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info({ port, domain }, 'inbound mail listener started');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
