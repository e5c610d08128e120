import { randomBytes } from 'node:crypto';
import {
  DEFAULT_ASSISTANT_TEMPERATURE,
  PUBLIC_DOCUMENT_UNAVAILABLE,
  passageNumber,
  publicPassagePath,
  residentMessages,
  WIDGET_CHAT_IP_LIMIT,
  WIDGET_CHAT_IP_WINDOW_SECONDS,
  WIDGET_DOCUMENT_IP_LIMIT,
  WIDGET_DOCUMENT_IP_WINDOW_SECONDS,
  WIDGET_SYSTEM_PROMPT,
  WIDGET_TASKS_PER_HOUR,
  type WidgetAppearance,
  type WidgetChatInput,
  type WidgetChatOutput,
  type WidgetDocument,
  type WidgetDocumentInput,
  type WidgetInfo,
} from '@helixis/contract';
import {
  contentTerms,
  displayTitle,
  mentionsSensitiveTopic,
  renderResidentAnswer,
  shouldCreateTask,
  smallTalkReply,
} from '@helixis/domain';
import { selectProvider } from '../../llm';
import { answerSupport, synonymQuery } from '../../llm/answer-match';
import { docCitation, type Evidence, generate } from '../../llm/provider';
import { synonymSearchDepth, withSynonymHits } from '../../llm/retrieval';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit';
import { systemWorkspaceContext } from '../../platform/system-context';
import { withSystem, withTenant } from '../../platform/tenant';
import { combinedConfidence } from '../chat';
import { correctSpellingWithin, documentChunkTexts, searchWorkspace } from '../knowledge';
import { createTaskForQuestion } from '../tasks';
import * as repo from './widget.repo';

/** How many chunks one answer may quote. */
const CHUNKS_PER_ANSWER = 5;

const newPublicId = () => `hxw_${randomBytes(18).toString('base64url')}`;

async function widgetInfo(ctx: WorkspaceContext, replace: boolean): Promise<WidgetInfo> {
  const ws = ctx.workspace.id;
  return ctx.tenant(async (tx) => {
    const existing = replace ? null : await repo.findWidget(tx, ws);
    const publicId = existing ?? (await repo.saveWidget(tx, ws, newPublicId(), ctx.user.id || null, replace));
    return { public_id: publicId, public_documents: (await repo.publicDocumentIds(tx, ws)).size };
  });
}

/** GET /api/v1/widget: the id is created on first use. */
export const getWidget: EndpointHandler<'getWidget'> = ({ ctx }) => {
  return widgetInfo(ctx, false);
};

/** POST /api/v1/widget/regenerate: a new id; pages still carrying the old one get widget_not_found. */
export const regenerateWidget: EndpointHandler<'regenerateWidget'> = async ({ ctx }) => {
  const info = await widgetInfo(ctx, true);
  ctx.log.info('chat widget id regenerated');
  return info;
};

/** GET /api/v1/widget/appearance: the saved look, or the defaults. */
export const getWidgetAppearance: EndpointHandler<'getWidgetAppearance'> = ({ ctx }) => {
  return ctx.tenant((tx) => repo.findAppearance(tx, ctx.workspace.id));
};

/** PUT /api/v1/widget/appearance: creates the widget id if needed (as GET /api/v1/widget would), then saves. */
export const saveWidgetAppearance: EndpointHandler<'saveWidgetAppearance'> = async ({ ctx, input }) => {
  const ws = ctx.workspace.id;
  const saved = await ctx.tenant(async (tx) => {
    await repo.saveWidget(tx, ws, newPublicId(), ctx.user.id || null, false);
    await repo.saveAppearance(tx, ws, input);
    return repo.findAppearance(tx, ws);
  });
  ctx.log.info('chat widget appearance saved');
  return saved;
};

/** GET /functions/v1/widget-config: the display settings of a public widget id, for the script. */
export async function widgetConfig(deps: Deps, publicId: string): Promise<WidgetAppearance> {
  const appearance = await withSystem(deps.database, (tx) => repo.appearanceOfWidget(tx, publicId));
  if (!appearance) throw new AppError('widget_not_found');
  return appearance;
}

/** Counts one request of a public widget route against its client address; past the rule, 429 with Retry-After. */
async function limitClient(limiter: RateLimiter, key: string, rule: RateLimitRule): Promise<void> {
  const quota = await limiter.consume(key, rule);
  if (!quota.allowed) {
    throw new AppError('rate_limited', { headers: { 'Retry-After': String(quota.retryAfterSeconds) } });
  }
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /functions/v1/widget-document: a document the owner made public for the widget, for the page a
 * widget source opens (decision 040). Rate-limited per client address like the widget's chat. The widget
 * id is resolved as the system role (the one cross-tenant read), the document read under the workspace's
 * RLS scope and only when public and ready. Every refusal is the same 404, so a visitor cannot tell a
 * private document from a missing one. The visitor gets the display title and the text, nothing internal.
 */
export async function widgetDocument(
  deps: Deps,
  limiter: RateLimiter,
  client: { ip: string },
  input: WidgetDocumentInput,
): Promise<WidgetDocument> {
  await limitClient(limiter, `widget-document:${client.ip}`, {
    limit: WIDGET_DOCUMENT_IP_LIMIT,
    windowSeconds: WIDGET_DOCUMENT_IP_WINDOW_SECONDS,
  });
  const unavailable = () => new AppError('not_found', { userMessage: PUBLIC_DOCUMENT_UNAVAILABLE });
  if (!UUID_SHAPE.test(input.document)) throw unavailable();
  const owner = await withSystem(deps.database, (tx) => repo.businessOfWidget(tx, input.workspace));
  if (!owner) throw unavailable();
  const found = await withTenant(deps.database, { workspaceId: owner.workspaceId, userId: null }, async (tx) => {
    const title = await repo.publicDocumentTitle(tx, owner.workspaceId, input.document);
    if (title === null) return null;
    return { title, chunks: await documentChunkTexts(tx, owner.workspaceId, input.document) };
  });
  if (!found) throw unavailable();
  return {
    business_name: owner.businessName,
    title: displayTitle(found.title),
    passages: found.chunks.map((c) => ({
      number: passageNumber(c.chunkIndex),
      heading_path: c.headingPath,
      content: c.content,
    })),
  };
}

/** PUT /api/v1/documents/:id/public */
export const setDocumentPublic: EndpointHandler<'setDocumentPublic'> = async ({ ctx, input }) => {
  const found = await ctx.tenant((tx) => repo.setDocumentPublic(tx, ctx.workspace.id, input.id, input.public));
  if (!found) throw new AppError('not_found', { userMessage: 'Document not found.' });
  return { id: input.id, public: input.public };
};

/**
 * Hands a question the widget could not answer to the team (a task), so that the visitor may be told
 * so. Capped per workspace and hour; past the cap the visitor is asked to contact the office instead.
 */
async function handOver(
  deps: Deps,
  limiter: RateLimiter,
  workspaceId: string,
  question: string,
  attempt: { text: string; confidence: number; consulted: string[] },
): Promise<string> {
  const quota = await limiter.consume(`widget-task:${workspaceId}`, {
    limit: WIDGET_TASKS_PER_HOUR,
    windowSeconds: 3_600,
  });
  if (!quota.allowed) return residentMessages.unsureContact;
  const ctx = systemWorkspaceContext(deps, deps.log, workspaceId, 'widget');
  await createTaskForQuestion(ctx, {
    question,
    attemptedAnswer: attempt.text,
    sourcesConsulted: attempt.consulted,
    threadId: null,
    sensitive: mentionsSensitiveTopic(question),
    confidence: attempt.confidence,
    askedBy: 'website visitor',
  });
  return residentMessages.unsure;
}

/**
 * Answers a visitor of the owner's website. Only chunks of documents marked public are evidence;
 * facts, private documents and the business profile never are. Rate-limited per client address.
 * The visitor reads resident text (no citation markers or file names, sources as titles); a question
 * nothing answers goes to the team as a task and the visitor is told so.
 */
export async function answerWidgetMessage(
  deps: Deps,
  limiter: RateLimiter,
  client: { ip: string },
  input: WidgetChatInput,
): Promise<WidgetChatOutput> {
  await limitClient(limiter, `widget-chat:${client.ip}`, {
    limit: WIDGET_CHAT_IP_LIMIT,
    windowSeconds: WIDGET_CHAT_IP_WINDOW_SECONDS,
  });
  const workspaceId = await withSystem(deps.database, (tx) => repo.workspaceOfWidget(tx, input.workspace));
  if (!workspaceId) throw new AppError('widget_not_found');

  const question = input.message;
  if (contentTerms(question).length === 0) {
    return { reply: smallTalkReply(question) ?? residentMessages.greeting, sources: [] };
  }
  const publicIds = await withTenant(deps.database, { workspaceId, userId: null }, (tx) =>
    repo.publicDocumentIds(tx, workspaceId),
  );
  // Only public documents are ranked (in SQL, before the top k): private ones can never crowd them out.
  // As in the chat, a second search through the question's synonyms ("garbage" → "trash") adds passages.
  const scope = { deps, workspaceId, userId: null };
  const searchPublic = (query: string, k: number) => searchWorkspace(scope, { query, k, documentIds: [...publicIds] });
  // Typing slips are mended with words of the public documents only ("parkign" → "parking").
  const mended =
    publicIds.size === 0
      ? question
      : await correctSpellingWithin(scope, question, async (word) => (await searchPublic(word, 1)).length > 0);
  const expanded = synonymQuery(mended);
  const hits =
    publicIds.size === 0
      ? []
      : withSynonymHits(
          await searchPublic(mended, CHUNKS_PER_ANSWER),
          expanded ? await searchPublic(expanded, synonymSearchDepth(CHUNKS_PER_ANSWER)) : [],
        );
  if (hits.length === 0) {
    return {
      reply: await handOver(deps, limiter, workspaceId, question, { text: '', confidence: 0, consulted: [] }),
      sources: [],
    };
  }

  const top = Math.max(...hits.map((h) => h.score));
  const evidence: Evidence[] = hits.map((h) => ({
    kind: 'document',
    id: h.chunk_id,
    title: h.document_title,
    chunkIndex: h.chunk_index,
    citation: docCitation(h.document_title, h.chunk_index),
    text: h.content,
    similarity: top > 0 ? h.score / top : 0,
    fromHuman: false,
  }));
  let text: string;
  try {
    text = await generate(selectProvider(deps.config), {
      mode: 'operational',
      systemPrompt: WIDGET_SYSTEM_PROMPT,
      temperature: DEFAULT_ASSISTANT_TEMPERATURE,
      history: [{ role: 'user', content: question }],
      query: mended,
      evidence,
      businessContext: '',
    });
  } catch (err) {
    throw new AppError('llm_failed', { cause: err });
  }
  text = text.trim();
  const cited = evidence.filter((e) => text.includes(e.citation));
  const confidence = combinedConfidence(text, answerSupport(mended, evidence, cited), cited.length > 0);
  const rendered = renderResidentAnswer({
    text,
    sources: cited,
    confidence,
    taskNeeded: shouldCreateTask(question, confidence),
    isQuestion: true,
    message: question,
  });
  if (rendered.state !== 'answered') {
    const consulted = [...new Set(evidence.map((e) => e.citation))];
    return {
      reply: await handOver(deps, limiter, workspaceId, question, { text, confidence, consulted }),
      sources: [],
    };
  }
  // Each listed title opens the public view at the best-ranked passage the answer cited from that document.
  const links = new Map<string, string>();
  hits.forEach((hit, i) => {
    const cite = evidence[i];
    if (!cite || !text.includes(cite.citation)) return;
    const key = displayTitle(hit.document_title).toLowerCase();
    if (!links.has(key)) {
      links.set(key, publicPassagePath(input.workspace, hit.document_id, passageNumber(hit.chunk_index)));
    }
  });
  return {
    reply: rendered.text,
    sources: rendered.sources.flatMap((title) => {
      const url = links.get(title.toLowerCase());
      return url ? [{ title, url }] : [];
    }),
  };
}
