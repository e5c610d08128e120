import { z } from 'zod';
import { FactEventFact } from './facts';
import { JobState } from './jobs';
import { DocumentStatus } from './knowledge';
import { PropertyProvider } from './property-systems';
import { Uuid } from './workspaces';

/**
 * Realtime events: a discriminated union published after commit (Postgres NOTIFY) and delivered
 * over the WebSocket only to members of the event's workspace. Payloads carry ids, never rows.
 */
export const RealtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('workspace.updated'), workspaceId: Uuid }),
  z.object({ type: z.literal('assistant.updated'), workspaceId: Uuid, assistantId: Uuid }),
  z.object({
    type: z.literal('job.progress'),
    workspaceId: Uuid,
    jobId: z.string(),
    name: z.string(),
    state: JobState,
    progress: z.number().min(0).max(100).optional(),
  }),
  /** A document was added or its ingest status changed (PENDING → READY / failed). */
  z.object({
    type: z.literal('document.status'),
    workspaceId: Uuid,
    documentId: Uuid,
    status: DocumentStatus,
    chunkCount: z.number().int().min(0),
  }),
  z.object({ type: z.literal('document.deleted'), workspaceId: Uuid, documentId: Uuid }),
  /** Integration events: a property system was connected; its status changed. */
  z.object({ type: z.literal('propertySystemConnected'), workspaceId: Uuid, provider: PropertyProvider }),
  z.object({ type: z.literal('integrationStatusChanged'), workspaceId: Uuid, provider: PropertyProvider }),
  /** A fact was learned or changed (facts-ingest, knowledge-correct, the assistant). */
  z.object({ type: z.literal('facts:upsert'), workspaceId: Uuid, fact: FactEventFact }),
  /** Several facts changed at once: ids and keys only, refetch the list. */
  z.object({
    type: z.literal('facts:update'),
    workspaceId: Uuid,
    facts: z.array(z.object({ id: Uuid, key: z.string() })),
  }),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEvent>;
export type RealtimeEventType = RealtimeEvent['type'];

/** Message the server sends on the socket. */
export const RealtimeMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ready'), workspaceId: Uuid }),
  z.object({ kind: z.literal('event'), event: RealtimeEvent }),
  z.object({ kind: z.literal('pong') }),
]);
export type RealtimeMessage = z.infer<typeof RealtimeMessage>;

/** Message a client may send once it has received `ready` (earlier ones are dropped). */
export const RealtimeClientMessage = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;
