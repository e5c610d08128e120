import { z } from 'zod';
import { AssistantList } from './assistants';
import { GetJobInput, JobList, JobStatus } from './jobs';
import { BootstrapAccountInput, BootstrapAccountOutput, type BusinessRole, Me } from './workspaces';

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
  /** Minimum business role (doc 1 §6); only meaningful with access 'workspace'. */
  role?: BusinessRole;
  summary: string;
  /** GET/DELETE read it from the query string, others from the JSON body; `:name` path segments join it. */
  input: z.ZodType;
  output: z.ZodType;
}

const NoInput = z.object({}).strict();

/**
 * Every resource (`/api/v1/...`) and spec function (`POST /functions/v1/<name>`) of the product,
 * declared once. The server must register a handler for each key; the web calls them by key.
 */
export const endpoints = {
  getMe: {
    method: 'GET',
    path: '/api/v1/me',
    access: 'user',
    summary: 'The signed-in user with their workspace and role; creates the workspace on first call.',
    input: NoInput,
    output: Me,
  },
  listAssistants: {
    method: 'GET',
    path: '/api/v1/assistants',
    access: 'workspace',
    summary: "The workspace's assistants.",
    input: NoInput,
    output: AssistantList,
  },
  bootstrapAccount: {
    method: 'POST',
    path: '/functions/v1/bootstrap-account',
    access: 'user',
    summary: 'Repairs a missing workspace, membership or default assistant (idempotent).',
    input: BootstrapAccountInput,
    output: BootstrapAccountOutput,
  },
  listJobs: {
    method: 'GET',
    path: '/api/v1/jobs',
    access: 'workspace',
    summary: "The workspace's background jobs, newest first (at most 50).",
    input: NoInput,
    output: JobList,
  },
  getJob: {
    method: 'GET',
    path: '/api/v1/jobs/:id',
    access: 'workspace',
    summary: 'One background job of the workspace: state, progress and, on failure, a message for the user.',
    input: GetJobInput,
    output: JobStatus,
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type EndpointInput<N extends EndpointName> = z.input<Endpoints[N]['input']>;
export type EndpointOutput<N extends EndpointName> = z.output<Endpoints[N]['output']>;
