import { randomBytes } from 'node:crypto';
import type { EmailIntakeResult, IntegrationsSummary, MailMessage, OAuthProvider } from '@helixis/contract';
import type { MailAttachmentInfo } from '../../db/schema';
import { GmailClient } from '../../integrations/google/client';
import { MailApiError } from '../../integrations/mail-message';
import { GraphMailClient } from '../../integrations/microsoft/client';
import type { OutgoingMail } from '../../integrations/outgoing-mail';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { AppError, isAppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { AUTOMATION_INBOUND_JOB } from '../../platform/job-ports';
import type { Logger } from '../../platform/logger';
import { createMailer } from '../../platform/mailer';
import { withSystem, withTenant } from '../../platform/tenant';
import { ingestTextForWorkspace } from '../knowledge';
import { importMailAttachments } from './attachments';
import * as repo from './mail.repo';
import { freshAccessToken, oauthConfig } from './oauth.service';

/** Inbound alias, received mail, mail status and the integrations summary. */

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

export const createEmailAlias: EndpointHandler<'createEmailAlias'> = async ({ ctx }) => {
  const domain = ctx.deps.config.inboundMail.domain;
  const existing = await ctx.tenant((tx) => repo.findAlias(tx, ctx.workspace.id));
  if (existing) return { address: existing.address };
  // Unguessable local part: the address alone lets anyone send into the workspace's knowledge.
  const localPart = `inbox-${randomBytes(6).toString('hex')}`;
  const row = await ctx.tenant((tx) =>
    repo.insertAlias(tx, ctx.workspace.id, { localPart, address: `${localPart}@${domain}`, createdBy: ctx.user.id }),
  );
  if (!row) throw new Error('alias insert returned nothing');
  ctx.log.info('email alias created');
  return { address: row.address };
};

function toMessage(row: repo.MailRow): MailMessage {
  return {
    id: row.id,
    source: row.source,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    text: row.bodyText,
    received_at: new Date(row.receivedAt).toISOString(),
    attachments: row.attachments,
    document_id: row.documentId,
  };
}

export const listMail: EndpointHandler<'listMail'> = async ({ ctx, input }) => {
  const rows = await ctx.tenant((tx) => repo.listMail(tx, ctx.workspace.id, input.limit));
  return { messages: rows.map(toMessage) };
};

export const mailStatus: EndpointHandler<'mailStatus'> = async ({ ctx }) => {
  const ws = ctx.workspace.id;
  const { tokens, alias, received, events } = await ctx.tenant(async (tx) => ({
    tokens: await repo.listTokens(tx, ws),
    alias: await repo.findAlias(tx, ws),
    received: await repo.countAliasMail(tx, ws),
    events: await repo.countEvents(tx, ws),
  }));
  const account = (provider: OAuthProvider) => {
    const row = tokens.find((t) => t.userId === ctx.user.id && t.provider === provider);
    if (!row) return { connected: false, account: null };
    return {
      connected: row.status === 'connected',
      account: {
        provider,
        connected: row.status === 'connected',
        status: row.status,
        account_hint: row.accountHint,
        scopes: row.scopes.split(' ').filter(Boolean),
        expires_at: iso(row.expiresAt),
        last_error: row.lastError,
        connected_at: new Date(row.createdAt).toISOString(),
      },
    };
  };
  return {
    gmail: account('gmail'),
    outlook: account('outlook'),
    calendar: { connected: events > 0, events },
    alias: { address: alias?.address ?? null, received },
    config: await oauthConfig({ ctx, input: {} }),
  };
};

export const integrationsSummary: EndpointHandler<'integrationsSummary'> = async ({ ctx }) => {
  const ws = ctx.workspace.id;
  const { tokens, alias, imports } = await ctx.tenant(async (tx) => ({
    tokens: await repo.listTokens(tx, ws),
    alias: await repo.findAlias(tx, ws),
    imports: await repo.listImports(tx, ws),
  }));
  const accounts: IntegrationsSummary['accounts'] = [];
  for (const provider of ['gmail', 'outlook'] as const) {
    const rows = tokens.filter((t) => t.provider === provider);
    const row = rows.find((t) => t.status === 'connected') ?? rows[0];
    accounts.push({
      kind: provider,
      status: !row ? 'not_connected' : row.status === 'connected' ? 'connected' : 'error',
      last_checked_at: row ? iso(row.updatedAt) : null,
    });
  }
  const lastImport = imports[0];
  accounts.push({
    kind: 'calendar',
    // Jobs processing → syncing, completed → connected, failed → error.
    status: !lastImport
      ? 'not_connected'
      : lastImport.status === 'processing'
        ? 'syncing'
        : lastImport.status === 'completed'
          ? 'connected'
          : imports.some((i) => i.status === 'completed')
            ? 'connected'
            : 'error',
    last_checked_at: lastImport ? iso(lastImport.completedAt ?? lastImport.createdAt) : null,
  });
  accounts.push({
    kind: 'email_alias',
    status: alias ? 'connected' : 'not_connected',
    last_checked_at: alias ? iso(alias.createdAt) : null,
  });
  return {
    accounts,
    jobs: imports.map((i) => ({
      provider: 'ics',
      source_type: i.sourceType,
      status: i.status,
      error: i.error,
      completed_at: iso(i.completedAt),
    })),
  };
};

// ── inbound mail (called by the SMTP listener) ──────────────────────────────────────────────────

/** The workspace an alias local part belongs to, across tenants (the listener has no request). */
export async function workspaceForAlias(deps: Deps, localPart: string): Promise<string | null> {
  const row = await withSystem(deps.database, (tx) => repo.aliasByLocalPart(tx, localPart.toLowerCase()));
  return row?.workspaceId ?? null;
}

export interface InboundMail {
  workspaceId: string;
  messageId: string | null;
  from: string | null;
  to: string;
  subject: string;
  text: string;
  attachments: MailAttachmentInfo[];
  receivedAt: Date;
}

/** Stores a mail received through the workspace's alias (the SMTP listener calls this). */
export async function storeInboundMail(
  deps: Deps,
  log: Logger,
  mail: InboundMail,
): Promise<{ id: string; documentId: string | null }> {
  const stored = await storeMail(deps, log, { ...mail, source: 'alias' });
  if (!stored) throw new Error('an alias mail is always stored');
  return stored;
}

/**
 * The one way a received mail enters Helixis, whatever brought it (alias, Gmail, Outlook): stored,
 * added to the knowledge base, and handed to the workspace's e-mail automation (a job that drafts a
 * reply for approval when an enabled, connected e-mail automation exists).
 */
async function storeMail(
  deps: Deps,
  log: Logger,
  mail: Omit<InboundMail, 'to'> & { to: string | null; source: 'alias' | OAuthProvider },
  /**
   * Imports the mail's attachments from its mailbox. Called only by the read that stored the mail, so
   * two reads of one mailbox at once never import the same files twice.
   */
  importAttachments?: () => Promise<MailAttachmentInfo[]>,
): Promise<{ id: string; documentId: string | null } | null> {
  const scope = { workspaceId: mail.workspaceId, userId: null };
  const values = {
    externalId: mail.messageId,
    fromAddress: mail.from,
    toAddress: mail.to,
    subject: mail.subject.slice(0, 500),
    bodyText: mail.text.slice(0, 200_000),
    attachments: mail.attachments,
    receivedAt: mail.receivedAt.toISOString(),
  };
  const { source, messageId } = mail;
  const row = await withTenant(deps.database, scope, (tx) =>
    source !== 'alias' && messageId
      ? repo.insertMailOnce(tx, mail.workspaceId, { ...values, source, externalId: messageId })
      : repo.insertMail(tx, mail.workspaceId, { ...values, source }),
  );
  // Another read of the same mailbox stored it a moment ago.
  if (!row) return null;
  if (importAttachments) {
    const attachments = await importAttachments();
    if (attachments.length > 0) {
      await withTenant(deps.database, scope, (tx) =>
        repo.setMailAttachments(tx, mail.workspaceId, row.id, attachments),
      );
    }
  }
  let documentId: string | null = null;
  if (mail.text.trim()) {
    const title = `Email: ${mail.subject || '(no subject)'}`;
    const body = [
      `From: ${mail.from ?? 'unknown'}`,
      `Subject: ${mail.subject}`,
      `Date: ${mail.receivedAt.toISOString()}`,
      '',
      mail.text,
    ].join('\n');
    const doc = await ingestTextForWorkspace(
      { deps, workspaceId: mail.workspaceId, userId: null, log },
      { title, text: body, source: 'email' },
    );
    documentId = doc.document_id;
    await withTenant(deps.database, scope, (tx) => repo.setMailDocument(tx, mail.workspaceId, row.id, doc.document_id));
  }
  try {
    await deps.jobs.enqueue(
      AUTOMATION_INBOUND_JOB,
      { source: 'mail', mailId: row.id },
      { workspaceId: mail.workspaceId },
    );
  } catch (err) {
    // The mail is stored and searchable; only the automation misses it, and the log says so.
    log.error({ err, mailId: row.id }, 'could not queue the e-mail automation for a stored mail');
  }
  log.info({ workspaceId: mail.workspaceId, mailId: row.id, source: mail.source }, 'mail stored');
  return { id: row.id, documentId };
}

// ── mailbox intake (email-intake and the background sync) ──────────────────────────────────────

const INTAKE_MAX = 25;

export interface MailboxScope {
  deps: Deps;
  workspaceId: string;
  userId: string;
  log: Logger;
}

/**
 * Reads one connected mailbox: a fresh access token (refreshed when needed), the latest inbox
 * messages through the Gmail API or Microsoft Graph, and the new ones stored through `storeMail`.
 */
export async function intakeMailbox(
  scope: MailboxScope,
  provider: OAuthProvider,
): Promise<{ imported: number; skipped: number }> {
  const token = await freshAccessToken(scope, provider);
  const { google, microsoft } = scope.deps.config.oauth;
  const fetched =
    provider === 'gmail'
      ? await new GmailClient(google.apiUrl).listRecent(token, INTAKE_MAX)
      : await new GraphMailClient(microsoft.apiUrl).listRecent(token, INTAKE_MAX);
  const known = await withTenant(scope.deps.database, { workspaceId: scope.workspaceId, userId: scope.userId }, (tx) =>
    repo.knownExternalIds(
      tx,
      scope.workspaceId,
      provider,
      fetched.map((m) => m.externalId),
    ),
  );
  let imported = 0;
  for (const mail of fetched) {
    if (known.has(mail.externalId)) continue;
    const stored = await storeMail(
      scope.deps,
      scope.log,
      {
        workspaceId: scope.workspaceId,
        source: provider,
        messageId: mail.externalId,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: [],
        receivedAt: mail.receivedAt,
      },
      () => importMailAttachments(scope, { provider, accessToken: token, mail }),
    );
    if (stored) imported++;
  }
  return { imported, skipped: fetched.length - imported };
}

/** A mailbox failure in the owner's words (the API's status and message, or the AppError text). */
export function intakeErrorMessage(provider: OAuthProvider, err: unknown): string {
  return err instanceof MailApiError
    ? `The ${provider === 'gmail' ? 'Gmail' : 'Outlook'} API answered ${err.status || 'nothing'}: ${err.message}`
    : isAppError(err)
      ? err.userMessage
      : 'The mailbox could not be read.';
}

// ── email-intake ────────────────────────────────────────────────────────────────────────────────

/** "Run intake now": reads each mailbox the caller connected, now. */
export const emailIntake: EndpointHandler<'emailIntake'> = async ({ ctx, input }) => {
  // A business of another workspace is refused like every other foreign id (403), never ignored.
  if (input.business_id && !(await isOwnBusinessId(ctx, input.business_id))) {
    throw new AppError('permission_denied', { userMessage: 'You do not have access to this business.' });
  }
  const ws = ctx.workspace.id;
  const tokens = await ctx.tenant((tx) => repo.listTokens(tx, ws));
  const mine = tokens.filter((t) => t.userId === ctx.user.id);
  const providers: EmailIntakeResult['providers'] = [];
  const scope = { deps: ctx.deps, workspaceId: ws, userId: ctx.user.id, log: ctx.log };
  for (const row of mine) {
    const provider = row.provider;
    try {
      const { imported, skipped } = await intakeMailbox(scope, provider);
      providers.push({ provider, imported, skipped, error: null });
    } catch (err) {
      ctx.log.warn({ provider, err: err instanceof Error ? err.name : 'error' }, 'email intake failed');
      providers.push({ provider, imported: 0, skipped: 0, error: intakeErrorMessage(provider, err) });
    }
  }
  ctx.log.info({ providers: providers.map((p) => [p.provider, p.imported]) }, 'email intake finished');
  return { ok: providers.every((p) => p.error === null), providers };
};

// ── for the automations: read a stored mail, reply through a connected mailbox ────────────────

/** A stored mail of the workspace (the e-mail automation answers it). */
export async function findStoredMail(deps: Deps, workspaceId: string, id: string): Promise<MailMessage | null> {
  const row = await withTenant(deps.database, { workspaceId, userId: null }, (tx) =>
    repo.findMail(tx, workspaceId, id),
  );
  return row ? toMessage(row) : null;
}

/** Why a reply could not go out: no mailbox to send it from. */
export const NO_MAILBOX_TO_SEND =
  'No connected Gmail or Outlook account to send from. Connect one on /integrations/email, then approve again.';

/**
 * Sends a reply through a connected mailbox of the workspace: the one the mail came from when given,
 * else Gmail, else Outlook; without any, through HELIXIS_SMTP_URL when set. Throws AppError
 * (`upstream_unavailable` with NO_MAILBOX_TO_SEND) when there is no way to send, and the mail API's
 * UpstreamError when the send fails.
 */
export async function sendFromMailbox(
  deps: Deps,
  log: Logger,
  workspaceId: string,
  preferred: OAuthProvider | null,
  mail: OutgoingMail,
): Promise<{ via: OAuthProvider | 'smtp'; messageId: string | null }> {
  const tokens = await withTenant(deps.database, { workspaceId, userId: null }, (tx) =>
    repo.listTokens(tx, workspaceId),
  );
  const connected = tokens.filter((t) => t.status === 'connected');
  const order: OAuthProvider[] = preferred === 'outlook' ? ['outlook', 'gmail'] : ['gmail', 'outlook'];
  const token = order.map((p) => connected.find((t) => t.provider === p)).find(Boolean);
  if (token) {
    const scope = { deps, workspaceId, userId: token.userId, log };
    const access = await freshAccessToken(scope, token.provider);
    const { google, microsoft } = deps.config.oauth;
    if (token.provider === 'gmail') {
      const sent = await new GmailClient(google.apiUrl).send(access, mail);
      return { via: 'gmail', messageId: sent.id || null };
    }
    await new GraphMailClient(microsoft.apiUrl).send(access, mail);
    return { via: 'outlook', messageId: null };
  }
  if (deps.config.smtpUrl) {
    await createMailer(deps).send({ to: mail.to, subject: mail.subject, text: mail.text });
    return { via: 'smtp', messageId: null };
  }
  throw new AppError('upstream_unavailable', { userMessage: NO_MAILBOX_TO_SEND });
}

/** Whether `id` names this workspace's business: the workspace itself or one of its business profiles. */
export async function isOwnBusinessId(ctx: WorkspaceContext, id: string): Promise<boolean> {
  if (id === ctx.workspace.id) return true;
  return ctx.tenant((tx) => repo.profileExists(tx, ctx.workspace.id, id));
}
