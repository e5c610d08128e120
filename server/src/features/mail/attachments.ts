import path from 'node:path';
import { INGEST_FILE_EXTENSIONS } from '@helixis/contract';
import type { Config } from '../../config';
import type { MailAttachmentInfo } from '../../db/schema';
import { GmailClient } from '../../integrations/google/client';
import type { FetchedMail, MailAttachmentRef } from '../../integrations/mail-message';
import { GraphMailClient } from '../../integrations/microsoft/client';
import { isAppError } from '../../platform/errors';
import { ingestFileForWorkspace, type KnowledgeScope } from '../knowledge';
import { acceptedAttachment } from './inbound-smtp';

/**
 * Attachments of mail read through the Gmail API / Microsoft Graph: each one of a type the knowledge
 * parsers read (PDF, Word, text, Markdown, CSV, Excel) and within the size cap is downloaded and queued
 * as a document of the workspace, so its text becomes searchable and citable like an upload.
 */

/** Largest attachment fetched (declared size checked before the download, real size after). */
export const MAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many attachments of one message are fetched. */
export const MAIL_ATTACHMENTS_PER_MESSAGE = 10;

export type AttachmentSkipReason = 'type' | 'size' | 'unreadable';

export interface MailAttachmentSource {
  provider: 'gmail' | 'outlook';
  accessToken: string;
  mail: FetchedMail;
}

function skipReason(ref: MailAttachmentRef): AttachmentSkipReason | null {
  const ext = path.extname(ref.filename).toLowerCase();
  const parsable = (INGEST_FILE_EXTENSIONS as readonly string[]).includes(ext);
  if (!ref.filename || !parsable || !acceptedAttachment({ contentType: ref.contentType, filename: ref.filename })) {
    return 'type';
  }
  if (ref.size > MAIL_ATTACHMENT_MAX_BYTES) return 'size';
  return null;
}

/**
 * Fetches the message's attachments, queues the acceptable ones for ingestion and returns their
 * metadata for the stored mail. A failing attachment is logged and skipped; the mail itself is kept.
 */
export async function importMailAttachments(
  scope: KnowledgeScope & { deps: { config: Config } },
  { provider, accessToken, mail }: MailAttachmentSource,
): Promise<MailAttachmentInfo[]> {
  const { google, microsoft } = scope.deps.config.oauth;
  const gmail = new GmailClient(google.apiUrl);
  const graph = new GraphMailClient(microsoft.apiUrl);
  const refs =
    provider === 'gmail'
      ? (mail.attachments ?? [])
      : mail.hasAttachments
        ? await graph.listAttachments(accessToken, mail.externalId)
        : [];
  const stored: MailAttachmentInfo[] = [];
  for (const ref of refs.slice(0, MAIL_ATTACHMENTS_PER_MESSAGE)) {
    const skipped = skipReason(ref);
    if (skipped) {
      scope.log.info(
        { provider, contentType: ref.contentType, size: ref.size, reason: skipped },
        'mail attachment skipped',
      );
      continue;
    }
    try {
      const data =
        provider === 'gmail'
          ? await gmail.getAttachment(accessToken, mail.externalId, ref.id)
          : await graph.getAttachment(accessToken, mail.externalId, ref.id);
      if (data.length > MAIL_ATTACHMENT_MAX_BYTES) {
        scope.log.info({ provider, size: data.length, reason: 'size' }, 'mail attachment skipped');
        continue;
      }
      await ingestFileForWorkspace(
        scope,
        { filename: ref.filename, contentType: ref.contentType, data },
        { source: 'email', title: `${ref.filename} (Email: ${mail.subject || '(no subject)'})` },
      );
      stored.push({ filename: ref.filename, contentType: ref.contentType, size: data.length });
    } catch (err) {
      // One bad attachment (unreadable, quota, API error) must not lose the mail or its other files.
      scope.log.warn(
        { provider, reason: 'unreadable', err: isAppError(err) ? err.code : err instanceof Error ? err.name : 'error' },
        'mail attachment not imported',
      );
    }
  }
  return stored;
}
