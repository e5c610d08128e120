import {
  DEFAULT_EXTENSION_HOSTS,
  EXT_ANSWERS_PER_MINUTE,
  EXT_BOOTSTRAPS_PER_MINUTE,
  EXT_LIVE_TOKENS_PER_USER,
  type ExtAnswerInput,
  type ExtAnswerOutput,
  type ExtensionSettings,
  type ExtensionToken,
} from '@helixis/contract';
import { hasRole } from '@helixis/domain';
import { selectProvider } from '../../llm';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { createRateLimiter } from '../../platform/rate-limit';
import { assistantForChat } from '../assistants';
import { findUserById } from '../auth';
import { answerQuestion, residentAnswer } from '../chat';
import { createTaskForQuestion } from '../tasks';
import * as repo from './extension.repo';
import { issueToken, type TokenContext, tokenIsLive } from './extension-tokens';
import { pageEvidence } from './page-evidence';

const DEFAULT_ASSISTANT_NAME = 'Helixis';
const iso = (value: string) => new Date(value).toISOString();

async function consume(ctx: WorkspaceContext, key: string, limit: number): Promise<void> {
  const quota = await createRateLimiter(ctx.deps.database).consume(key, { limit, windowSeconds: 60 });
  if (!quota.allowed) {
    throw new AppError('rate_limited', { headers: { 'Retry-After': String(quota.retryAfterSeconds) } });
  }
}

export async function allowedHostsOf(ctx: WorkspaceContext): Promise<string[]> {
  const row = await ctx.tenant((tx) => repo.findSettings(tx, ctx.workspace.id));
  return row ? row.allowedHosts : [...DEFAULT_EXTENSION_HOSTS];
}

export async function assistantNameOf(ctx: WorkspaceContext): Promise<string> {
  const assistant = await assistantForChat(ctx, false);
  return assistant?.name?.trim() || DEFAULT_ASSISTANT_NAME;
}

/** ext-bootstrap: a fresh extension token for the caller's workspace (older ones beyond the cap are revoked). */
export const extBootstrap: EndpointHandler<'extBootstrap'> = async ({ ctx }) => {
  await consume(ctx, `ext-bootstrap:${ctx.user.id}`, EXT_BOOTSTRAPS_PER_MINUTE);
  const { token, row } = await issueToken(ctx, 'extension', ctx.deps.config.extension.tokenTtlSeconds);
  await ctx.tenant(async (tx) => {
    const live = await repo.liveTokenIds(tx, ctx.workspace.id, ctx.user.id, 'extension');
    for (const id of live.slice(EXT_LIVE_TOKENS_PER_USER)) await repo.revokeToken(tx, ctx.workspace.id, id);
  });
  ctx.log.info({ tokenId: row.id }, 'extension token issued');
  return {
    tenantJwt: token,
    tokenId: row.id,
    expiresAt: iso(row.expiresAt),
    allowedHosts: await allowedHostsOf(ctx),
    assistantName: await assistantNameOf(ctx),
    workspaceId: ctx.workspace.id,
    error: null,
  };
};

/** A question about the page itself ("Summarize this page", "what does this e-mail ask?"). */
const ABOUT_THE_PAGE =
  /\b(summari[sz]e|tl;?dr)\b|\b(this|the|current)\s+(page|e-?mail|mail|ticket|message|thread|conversation|article|customer)\b/i;

/**
 * ext-answer: answers from the workspace's knowledge (documents and facts) through the chat answerer.
 * The page's text is context: it is evidence when the question is about the page, or when the
 * knowledge alone cites nothing; it is used for this answer only and never stored.
 */
export async function extAnswer({ ctx, token }: TokenContext, input: ExtAnswerInput): Promise<ExtAnswerOutput> {
  await consume(ctx, `ext-answer:${token.id}`, EXT_ANSWERS_PER_MINUTE);
  const provider = selectProvider(ctx.deps.config);
  const page = pageEvidence(input.query, input.pageContext);
  const ask = (extraEvidence: typeof page) =>
    answerQuestion(ctx, provider, {
      history: [{ role: 'user', content: input.query }],
      question: input.query,
      mode: 'operational',
      testMode: false,
      businessContext: '',
      extraEvidence,
    });
  const aboutPage = page.length > 0 && ABOUT_THE_PAGE.test(input.query);
  let answer = await ask(aboutPage ? page : []);
  if (!aboutPage && page.length > 0 && answer.sources.length === 0) answer = await ask(page);
  // The answer is pasted into replies to residents: resident text, no markers or file names. When
  // unsure, the question goes to the team as a task (as in the chat), so the wording holds.
  // A question about the page (a summary) is answered from the page itself when it cites it; the
  // confidence heuristic speaks about answers from the knowledge.
  const shown = residentAnswer(
    input.query,
    aboutPage && answer.sources.length > 0 ? { ...answer, taskNeeded: false, confidence: 1 } : answer,
  );
  if (shown.state === 'unsure') {
    await createTaskForQuestion(ctx, {
      question: input.query,
      // The page is never stored: neither what the answer quoted of it nor its passages.
      attemptedAnswer: page.length > 0 ? '' : answer.text,
      sourcesConsulted: [...new Set(answer.evidence.filter((e) => !page.includes(e)).map((e) => e.citation))].slice(
        0,
        10,
      ),
      threadId: null,
      sensitive: answer.sensitive,
      confidence: answer.confidence,
    });
  }
  return {
    answer: shown.text,
    confidence: answer.confidence,
    sources: answer.sources,
    assistantName: await assistantNameOf(ctx),
    error: null,
  };
}

function toSettings(row: Awaited<ReturnType<typeof repo.findSettings>>): ExtensionSettings {
  return {
    allowedHosts: row ? row.allowedHosts : [...DEFAULT_EXTENSION_HOSTS],
    defaults: [...DEFAULT_EXTENSION_HOSTS],
    updatedAt: row ? iso(row.updatedAt) : null,
  };
}

export const getExtensionSettings: EndpointHandler<'getExtensionSettings'> = async ({ ctx }) => {
  return toSettings(await ctx.tenant((tx) => repo.findSettings(tx, ctx.workspace.id)));
};

export const updateExtensionSettings: EndpointHandler<'updateExtensionSettings'> = async ({ ctx, input }) => {
  const row = await ctx.tenant((tx) => repo.saveSettings(tx, ctx.workspace.id, input.allowedHosts, ctx.user.id));
  return toSettings(row);
};

function toToken(ctx: WorkspaceContext, row: repo.TokenRow, emails: Map<string, string | null>): ExtensionToken {
  return {
    id: row.id,
    kind: row.kind,
    userId: row.userId,
    userEmail: emails.get(row.userId) ?? null,
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
    lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null,
    revokedAt: row.revokedAt ? iso(row.revokedAt) : null,
    live: tokenIsLive(row),
    mine: row.userId === ctx.user.id,
  };
}

/** E-mail addresses of the tokens' owners (users are global, outside the tenant tables). */
async function emailsOf(ctx: WorkspaceContext, rows: readonly repo.TokenRow[]): Promise<Map<string, string | null>> {
  const emails = new Map<string, string | null>();
  for (const userId of new Set(rows.map((r) => r.userId))) {
    emails.set(userId, (await findUserById(ctx.deps.database.db, userId))?.email ?? null);
  }
  return emails;
}

const isManager = (ctx: WorkspaceContext) => hasRole(ctx.workspace.businessRole, 'manager');

export const listExtensionTokens: EndpointHandler<'listExtensionTokens'> = async ({ ctx }) => {
  const rows = await ctx.tenant((tx) => repo.listTokens(tx, ctx.workspace.id, isManager(ctx) ? null : ctx.user.id));
  const emails = await emailsOf(ctx, rows);
  return { tokens: rows.map((r) => toToken(ctx, r, emails)) };
};

export const revokeExtensionToken: EndpointHandler<'revokeExtensionToken'> = async ({ ctx, input }) => {
  const row = await ctx.tenant(async (tx) => {
    const found = await repo.findToken(tx, ctx.workspace.id, input.id);
    // Someone else's token is "not found" for a member, so ids cannot be probed.
    if (!found || (found.userId !== ctx.user.id && !isManager(ctx))) throw new AppError('extension_token_not_found');
    await repo.revokeToken(tx, ctx.workspace.id, found.id);
    return repo.findToken(tx, ctx.workspace.id, found.id);
  });
  if (!row) throw new AppError('extension_token_not_found');
  ctx.log.info({ tokenId: row.id }, 'workspace token revoked');
  return { token: toToken(ctx, row, await emailsOf(ctx, [row])) };
};
