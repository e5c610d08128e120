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
  /** GET/DELETE read it from the query string, others from the JSON body; `:name` path segments join it. */
  input: z.ZodType;
  output: z.ZodType;
}

/** The input of an endpoint that takes none. */
export const NoInput = z.object({}).strict();
