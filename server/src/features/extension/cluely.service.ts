import { CLUELY_REFRESH_SECONDS, type CluelyContextOutput, EXT_ANSWER_PATH } from '@helixis/contract';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { listUsableFacts } from '../facts';
import { listDocuments } from '../knowledge';
import * as repo from './extension.repo';
import { assistantNameOf } from './extension.service';
import { issueToken, type TokenContext, tokenIsLive } from './extension-tokens';

const CONTEXT_FACTS = 50;
const CONTEXT_DOCUMENTS = 50;

/** Where the server is reached from outside: HELIXIS_PUBLIC_URL, else the address it listens on. */
export function publicBase(config: Config): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
}

export function scriptUrlFor(config: Config, token: string): string {
  return `${publicBase(config)}/functions/v1/cluely-sync/script/${token}`;
}

/**
 * cluely-sync create_integration: (re)creates the caller's desktop-assistant integration with a new
 * desktop token; the previous token (and so the previous script URL) stops working at once.
 */
export const cluelySync: EndpointHandler<'cluelySync'> = async ({ ctx, input }) => {
  if (input.userId !== ctx.user.id) throw new AppError('permission_denied');
  const { token, row } = await issueToken(ctx, 'desktop', ctx.deps.config.extension.desktopTokenTtlSeconds);
  await ctx.tenant(async (tx) => {
    const previous = await repo.findIntegration(tx, ctx.workspace.id, ctx.user.id);
    if (previous?.tokenId) await repo.revokeToken(tx, ctx.workspace.id, previous.tokenId);
    await repo.upsertIntegration(tx, ctx.workspace.id, ctx.user.id, { isActive: true, tokenId: row.id });
  });
  ctx.log.info({ tokenId: row.id }, 'desktop-assistant integration created');
  return { success: true, scriptUrl: scriptUrlFor(ctx.deps.config, token), error: null };
};

export const getDesktopIntegration: EndpointHandler<'getDesktopIntegration'> = async ({ ctx }) => {
  const row = await ctx.tenant((tx) => repo.findIntegration(tx, ctx.workspace.id, ctx.user.id));
  if (!row) return { integration: null };
  const expiresAt = row.expiresAt ?? row.createdAt;
  return {
    integration: {
      id: row.id,
      userId: row.userId,
      isActive: row.isActive && tokenIsLive({ revokedAt: null, expiresAt }),
      createdAt: new Date(row.createdAt).toISOString(),
      expiresAt: new Date(expiresAt).toISOString(),
      lastSyncedAt: row.lastSyncedAt ? new Date(row.lastSyncedAt).toISOString() : null,
      refreshSeconds: CLUELY_REFRESH_SECONDS,
    },
  };
};

export const deleteDesktopIntegration: EndpointHandler<'deleteDesktopIntegration'> = async ({ ctx }) => {
  await ctx.tenant(async (tx) => {
    const row = await repo.findIntegration(tx, ctx.workspace.id, ctx.user.id);
    if (!row) return;
    if (row.tokenId) await repo.revokeToken(tx, ctx.workspace.id, row.tokenId);
    await repo.upsertIntegration(tx, ctx.workspace.id, ctx.user.id, { isActive: false, tokenId: row.tokenId });
  });
  return getDesktopIntegration({ ctx, input: {} });
};

/** What the desktop script pulls every CLUELY_REFRESH_SECONDS: the assistant, its facts and document titles. */
export async function cluelyContext({ ctx, token }: TokenContext): Promise<CluelyContextOutput> {
  const [facts, documents, assistantName, workspaceName] = await Promise.all([
    listUsableFacts(ctx),
    listDocuments({ ctx, input: { limit: CONTEXT_DOCUMENTS, offset: 0 } }),
    assistantNameOf(ctx),
    ctx.tenant((tx) => repo.workspaceName(tx, ctx.workspace.id)),
  ]);
  await ctx.tenant((tx) => repo.markSynced(tx, ctx.workspace.id, token.id));
  return {
    assistantName,
    workspaceName: workspaceName ?? '',
    facts: facts.slice(0, CONTEXT_FACTS).map((f) => ({ label: f.label, value: f.value })),
    documents: documents.documents.map((d) => ({ title: d.title })),
    refreshedAt: new Date().toISOString(),
    refreshSeconds: CLUELY_REFRESH_SECONDS,
  };
}

/**
 * The personal script behind scriptUrl: plain Node.js (18+, no packages). `ask "question"` prints an
 * answer with its sources; `sync [file]` writes the workspace context to a Markdown file a desktop
 * assistant can read and refreshes it every 5 minutes.
 */
export function desktopScript(config: Config, token: string): string {
  const base = publicBase(config);
  return `#!/usr/bin/env node
// Helixis desktop-assistant script (personal: it carries your workspace token; do not share it).
// Revoke it under Settings -> Extension in Helixis. Requires Node.js 18 or newer.
//   node helixis-desktop.mjs ask "What is our pet policy?"
//   node helixis-desktop.mjs sync [helixis-context.md]   (refreshes every ${CLUELY_REFRESH_SECONDS / 60} minutes)
//   node helixis-desktop.mjs sync --once
const BASE_URL = ${JSON.stringify(base)};
const TOKEN = ${JSON.stringify(token)};
const REFRESH_SECONDS = ${CLUELY_REFRESH_SECONDS};
import { writeFile } from 'node:fs/promises';

async function call(method, path, body) {
  const res = await fetch(BASE_URL + path, {
    method,
    headers: { authorization: 'Bearer ' + TOKEN, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error((data.error && data.error.message) || 'Helixis answered ' + res.status);
  return data;
}

async function ask(question) {
  const out = await call('POST', ${JSON.stringify(EXT_ANSWER_PATH)}, { query: question });
  console.log(out.answer);
  for (const s of out.sources || []) console.log('  - ' + s.title + (s.kind === 'document' ? ' #' + s.chunk_index : ''));
}

function markdown(ctx) {
  const lines = ['# ' + ctx.assistantName + ' - ' + ctx.workspaceName, '', 'Refreshed ' + ctx.refreshedAt, '', '## Facts'];
  for (const f of ctx.facts) lines.push('- ' + f.label + ': ' + f.value);
  lines.push('', '## Documents');
  for (const d of ctx.documents) lines.push('- ' + d.title);
  return lines.join('\\n') + '\\n';
}

async function sync(file, once) {
  for (;;) {
    try {
      const ctx = await call('GET', ${JSON.stringify('/functions/v1/cluely-sync/context')});
      await writeFile(file, markdown(ctx));
      console.log('Helixis context written to ' + file + ' (' + ctx.facts.length + ' facts)');
    } catch (err) {
      console.error('Helixis sync failed: ' + err.message);
      if (once) process.exitCode = 1;
    }
    if (once) return;
    await new Promise((r) => setTimeout(r, REFRESH_SECONDS * 1000));
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'ask' && rest.length > 0) {
  ask(rest.join(' ')).catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  });
} else if (command === 'sync') {
  const once = rest.includes('--once');
  const file = rest.find((a) => !a.startsWith('--')) || 'helixis-context.md';
  sync(file, once);
} else {
  console.log('Usage: node helixis-desktop.mjs ask "question" | sync [file] [--once]');
}
`;
}
