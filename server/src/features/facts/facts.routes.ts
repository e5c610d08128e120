import { FACTS_INGEST_PATH, type RealtimeEvent } from '@helixis/contract';
import type { FastifyInstance } from 'fastify';
import type { EndpointHandlers } from '../../platform/http';
import type { AcceptRealtimeSocket } from '../../platform/realtime';
import { knowledgeActions } from './facts.faq';
import { addLedgerFact, factHistory, listLedger, resolveFactConflict, setFactExpiry } from './facts.ledger';
import { getFactProfile, listSuggestions, updateSuggestion } from './facts.profile';
import { correctKnowledge, ingestFacts, listFactsIngest, searchFacts, teachText } from './facts.service';

export const factHandlers = {
  listFactsIngest,
  ingestFacts,
  teachText,
  correctKnowledge,
  searchFacts,
  getFactProfile,
  listSuggestions,
  updateSuggestion,
  knowledgeActions,
  listLedger,
  factHistory,
  addLedgerFact,
  setFactExpiry,
  resolveFactConflict,
} satisfies Partial<EndpointHandlers>;

/**
 * The facts-ingest WebSocket: the same path as GET facts-ingest, told apart by the
 * `Upgrade: websocket` header through a route constraint, served by the platform's realtime socket
 * (authentication, workspace scope, heartbeat, NOTIFY fan-out across processes) limited to facts events.
 */
export function registerFactsRealtime(app: FastifyInstance, acceptSocket: AcceptRealtimeSocket): void {
  const routes = new Map<string, unknown>();
  app.addConstraintStrategy({
    name: 'upgrade',
    storage: () => ({
      get: (value: string) => (routes.get(value) ?? null) as never,
      set: (value: string, store: unknown) => {
        routes.set(value, store);
      },
    }),
    // Only an upgrade request derives a value; any other request is routed as if the constraint did not exist.
    deriveConstraint: (req) =>
      (String(req.headers.upgrade ?? '').toLowerCase() === 'websocket' ? 'websocket' : undefined) as string,
    mustMatchWhenDerived: false,
  });
  const factsOnly = (event: RealtimeEvent) => event.type === 'facts:upsert' || event.type === 'facts:update';
  app.get(
    FACTS_INGEST_PATH,
    // 'warn': the request line carries the access token, so the per-request info logs are skipped.
    { websocket: true, constraints: { upgrade: 'websocket' }, config: { access: 'user' }, logLevel: 'warn' },
    (socket, request) => acceptSocket(socket, request, { only: factsOnly }),
  );
}
