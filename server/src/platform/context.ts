import type { BusinessRole, MembershipRole } from '@helixis/contract';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import type { Jobs } from './jobs';
import type { Logger } from './logger';

/** What a running server is made of; built once in main.ts (or per test) and passed down. */
export interface Deps {
  config: Config;
  database: Database;
  log: Logger;
  /** The background job queue (enqueue with `deps.jobs.enqueue`). */
  jobs: Jobs;
}

export interface AuthedUser {
  id: string;
  email: string | null;
  isAnonymous: boolean;
  sessionId: string;
}

export interface WorkspaceAccess {
  id: string;
  role: MembershipRole;
  businessRole: BusinessRole;
}

/** The actor of a request, handed to every service as `ctx`. */
export interface RequestContext {
  requestId: string;
  log: Logger;
  deps: Deps;
  user: AuthedUser;
  workspace: WorkspaceAccess | null;
  /** Origin of mailed links: HELIXIS_PUBLIC_URL, else the listen address (platform/public-origin.ts), never a header. */
  appOrigin?: string;
}

export interface WorkspaceContext extends RequestContext {
  workspace: WorkspaceAccess;
  /** Runs database work scoped to this workspace (RLS + app role). */
  tenant<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}
