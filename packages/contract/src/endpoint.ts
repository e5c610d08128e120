import { z } from 'zod';
import type { BusinessRole } from './workspaces';

/**
 * Who may call an endpoint:
 * - public: anyone;
 * - user: a valid, unrevoked session (no workspace needed);
 * - workspace: a session plus a membership, with queries scoped to that workspace.
 */
export type Access = 'public' | 'user' | 'workspace';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  /** Minimum business role; only meaningful with access 'workspace'. */
  role?: BusinessRole;
  summary: string;
  /**
   * Accepts an `Idempotency-Key` header (access 'workspace' only): a retry with the same key gets the
   * first answer again instead of a second effect. For mutations a client may repeat (connects, uploads).
   */
  idempotent?: boolean;
  /**
   * Refused (403) for anonymous sessions: the endpoint mails people or connects outside services, which a
   * throwaway account must not do (it would make the server a relay).
   */
  registeredOnly?: boolean;
  /**
   * Input fields that name a workspace (the spec's calls carry `workspaceId`, `workspace_id`, `businessId`).
   * The server checks them before the handler runs (server/src/platform/workspace-owner.ts): absent or
   * empty means the caller's own; anything else must be the caller's workspace, or the request is refused
   * with `permission_denied` and `workspaceErrors.notYours`. Access 'workspace' only.
   */
  namesWorkspace?: readonly string[];
  /**
   * A cached read: the server keeps its 200 answers per process and answers repeats from memory until a
   * write it depends on (server/src/platform/read-cache.ts: triggers on the tables it reads, and any write
   * through the same process). Only for a GET behind a session (access 'user' or 'workspace') whose answer
   * depends on nothing but rows of the watched tables (CACHED_READ_TABLES) and the caller.
   */
  cachedRead?: boolean;
  /** GET/DELETE read it from the query string, others from the JSON body; `:name` path segments join it. */
  input: z.ZodType;
  output: z.ZodType;
}

/** The usual `namesWorkspace`: the spec's calls spell the field both ways. */
export const WORKSPACE_ID_FIELDS = ['workspaceId', 'workspace_id'] as const;

/** The input of an endpoint that takes none. */
export const NoInput = z.object({}).strict();
