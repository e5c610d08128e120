import { createHash } from 'node:crypto';
import {
  CACHE_TTL,
  type ConnectorCatalogEntry,
  type ConnectorField,
  connectorTexts,
  type RelationshipSnapshot,
} from '@helixis/contract';
import { hasRole } from '@helixis/domain';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import type { FieldValue, Lookup } from './connector';
import { CONNECTOR_CATALOG, catalogEntry } from './connectors.catalog';
import { CONNECTOR_REGISTRY } from './connectors.registry';
import * as repo from './connectors.repo';

/**
 * The connector functions (catalogue, connect, fields, cache policy, test). What leaves the server from a connector's records is decided
 * here: only fields the workspace enabled, never a PII field. Upstream calls run outside database
 * transactions (PGlite has one connection).
 */

function requireEntry(kind: string): ConnectorCatalogEntry {
  const entry = catalogEntry(kind);
  if (!entry) throw new AppError('connector_unknown', { userMessage: `Unknown connector "${kind}".` });
  return entry;
}

function requireWorking(kind: string) {
  const entry = requireEntry(kind);
  const connector = CONNECTOR_REGISTRY.get(kind);
  if (entry.status !== 'available' || !connector) throw new AppError('connector_coming_soon');
  return { entry, connector };
}

function requireManager(ctx: WorkspaceContext): void {
  if (!hasRole(ctx.workspace.businessRole, 'manager')) {
    throw new AppError('insufficient_role', { userMessage: 'Only an owner or manager can change connectors.' });
  }
}

export const connectorsCatalog: EndpointHandler<'connectorsCatalog'> = async (_) => {
  return [...CONNECTOR_CATALOG];
};

export const integrationsConnect: EndpointHandler<'integrationsConnect'> = async ({ ctx, input }) => {
  const { connector } = requireWorking(input.kind);
  return connector.connect(ctx, input.credentials ?? {});
};

export const integrationsDisconnect: EndpointHandler<'integrationsDisconnect'> = async ({ ctx, input }) => {
  const { connector } = requireWorking(input.kind);
  await connector.disconnect(ctx);
  await ctx.tenant((tx) => repo.deleteFacts(tx, ctx.workspace.id, input.kind));
  return { ok: true };
};

// ── fields ──────────────────────────────────────────────────────────────────────────────────────

/** PII fields are off whatever is stored; others default to on until switched off. */
function mergeFields(entry: ConnectorCatalogEntry, stored: Map<string, boolean>): ConnectorField[] {
  return entry.fields.map((f) => ({ ...f, enabled: f.pii ? false : (stored.get(f.field_key) ?? true) }));
}

export const integrationsFields: EndpointHandler<'integrationsFields'> = async ({ ctx, input }) => {
  const entry = requireEntry(input.kind);
  const ws = ctx.workspace.id;
  if (input.action === 'update') {
    requireManager(ctx);
    const byKey = new Map(entry.fields.map((f) => [f.field_key, f]));
    const unknown = input.updates.filter((u) => !byKey.has(u.field_key)).map((u) => u.field_key);
    if (unknown.length)
      throw new AppError('validation_failed', { userMessage: connectorTexts.unknownField(unknown.join(', ')) });
    const pii = input.updates.filter((u) => u.enabled && byKey.get(u.field_key)?.pii);
    if (pii.length) {
      const labels = pii.map((u) => byKey.get(u.field_key)?.label ?? u.field_key).join(', ');
      throw new AppError('connector_pii_field', { userMessage: connectorTexts.piiRefused(labels) });
    }
    await ctx.tenant(async (tx) => {
      await repo.setFields(tx, ws, entry.kind, input.updates);
      // Stored facts were shaped by the old field set.
      await repo.deleteFacts(tx, ws, entry.kind);
    });
  }
  const stored = await ctx.tenant((tx) => repo.fieldStates(tx, ws, entry.kind));
  return { fields: mergeFields(entry, stored) };
};

// ── cache policy ────────────────────────────────────────────────────────────────────────────────

export const factCachePolicy: EndpointHandler<'factCachePolicy'> = async ({ ctx, input }) => {
  const entry = requireEntry(input.kind);
  const ws = ctx.workspace.id;
  return ctx.tenant(async (tx) => {
    const current = await repo.findPolicy(tx, ws, entry.kind);
    if (!input.mode) return { mode: current?.mode ?? 'pointer', ttl_seconds: current?.ttlSeconds ?? CACHE_TTL.default };
    requireManager(ctx);
    const ttl =
      input.mode === 'facts'
        ? (input.ttl_seconds ?? current?.ttlSeconds ?? CACHE_TTL.default)
        : (current?.ttlSeconds ?? CACHE_TTL.default);
    const row = await repo.savePolicy(tx, ws, entry.kind, input.mode, ttl);
    // Pointer mode keeps nothing; a new TTL applies to facts stored from now on.
    if (input.mode === 'pointer') await repo.deleteFacts(tx, ws, entry.kind);
    return { mode: row.mode, ttl_seconds: row.ttlSeconds };
  });
};

// ── relationship ────────────────────────────────────────────────────────────────────────────────

/** The lookup itself is not stored: a hash of it keys the cached facts. */
function subjectHash(kind: string, query: Lookup): string {
  const subject = 'email' in query ? `email:${query.email.toLowerCase()}` : `id:${query.externalId}`;
  return createHash('sha256').update(`${kind}\u0000${subject}`).digest('hex');
}

export const relationship: EndpointHandler<'relationship'> = async ({ ctx, input }) => {
  const { entry, connector } = requireWorking(input.kind);
  const ws = ctx.workspace.id;
  const query: Lookup = input.email !== undefined ? { email: input.email } : { externalId: input.external_id ?? '' };
  const hash = subjectHash(entry.kind, query);
  const { policy, stored, cached } = await ctx.tenant(async (tx) => {
    const p = await repo.findPolicy(tx, ws, entry.kind);
    return {
      policy: p,
      stored: await repo.fieldStates(tx, ws, entry.kind),
      cached: p?.mode === 'facts' ? await repo.freshFacts(tx, ws, entry.kind, hash) : null,
    };
  });
  const allowed = new Set(
    mergeFields(entry, stored)
      .filter((f) => f.enabled && !f.pii)
      .map((f) => f.field_key),
  );
  const pick = (fields: Record<string, FieldValue>) =>
    Object.fromEntries(Object.entries(fields).filter(([key]) => allowed.has(key)));

  if (cached) {
    return {
      kind: entry.kind,
      found: cached.found,
      fields: pick(cached.facts),
      sources: cached.sources,
      served_from: 'facts',
      expires_at: new Date(cached.expiresAt).toISOString(),
    };
  }

  const records = await connector.lookup(ctx, query);
  const [first] = records;
  const fields = first ? pick(first.fields) : {};
  if (records.length > 1) fields.matches = records.length;
  const sources = records.flatMap((r) => r.sources).slice(0, 20);
  const snapshot: RelationshipSnapshot = {
    kind: entry.kind,
    found: records.length > 0,
    fields,
    sources,
    served_from: 'live',
    expires_at: null,
  };
  if (policy?.mode === 'facts') {
    const row = await ctx.tenant((tx) =>
      repo.storeFacts(tx, ws, {
        kind: entry.kind,
        subjectHash: hash,
        found: snapshot.found,
        facts: fields,
        sources,
        ttlSeconds: policy.ttlSeconds,
      }),
    );
    snapshot.expires_at = new Date(row.expiresAt).toISOString();
  }
  return snapshot;
};
