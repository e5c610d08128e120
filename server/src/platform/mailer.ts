import type { OutboxMail } from '@helixis/contract';
import { createTransport } from 'nodemailer';
import type { Deps } from './context';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' when HELIXIS_SMTP_URL is set, otherwise the local outbox table. */
  readonly delivery: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

const SMTP_TIMEOUT_MS = 15_000;

/**
 * Sends mail through SMTP when configured; otherwise writes it to `mail_outbox`, the local dev
 * outbox read by `GET /auth/v1/dev/outbox`. Bodies may hold one-time links, so they are never logged.
 */
export function createMailer(deps: Pick<Deps, 'config' | 'database' | 'log'>): Mailer {
  const { config, database, log } = deps;
  if (config.smtpUrl) {
    const transport = createTransport(
      {
        url: config.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      },
      { from: config.mailFrom },
    );
    return {
      delivery: 'smtp',
      async send(mail) {
        const info = await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
        log.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    delivery: 'outbox',
    async send(mail) {
      const rows = await database.query<{ id: string }>(
        'insert into mail_outbox (to_address, subject, text_body) values ($1, $2, $3) returning id',
        [mail.to, mail.subject, mail.text],
      );
      log.info({ outboxId: Number(rows[0]?.id), subject: mail.subject }, 'mail written to the local outbox');
    },
  };
}

/** The newest mails of the local outbox, newest first. */
export async function latestOutboxMails(
  database: Deps['database'],
  options: { limit: number; to?: string },
): Promise<OutboxMail[]> {
  const rows = await database.query<{
    id: string | number;
    to_address: string;
    subject: string;
    text_body: string;
    created_at: string | Date;
  }>(
    `select id, to_address, subject, text_body, created_at from mail_outbox
      where ($1::text is null or to_address = $1) order by id desc limit $2`,
    [options.to ?? null, options.limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
