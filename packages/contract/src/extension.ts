import { z } from 'zod';
import { ChatSource } from './chat';
import { type Endpoint, NoInput } from './endpoint';
import {
  EXT_PAGE_TEXT_MAX_CHARS,
  EXT_QUERY_MAX_CHARS,
  EXTENSION_HOSTS_MAX,
  hostPatternProblem,
  normalizeHostPattern,
} from './extension-protocol';
import { Uuid } from './workspaces';

/**
 * The browser extension and the desktop-assistant (cluely) sync.
 * Both get a revocable, expiring workspace token; only its hash is stored.
 */

export * from './extension-protocol';

/** Token-authenticated routes (a workspace token, not a session): not in the endpoint map. */
export const EXT_ANSWER_PATH = '/functions/v1/ext-answer';
export const CLUELY_SCRIPT_PATH = '/functions/v1/cluely-sync/script/:key';
export const CLUELY_CONTEXT_PATH = '/functions/v1/cluely-sync/context';
export const EXTENSION_ZIP_PATH = '/extension.zip';

export const ExtensionTokenKind = z.enum(['extension', 'desktop']);
export type ExtensionTokenKind = z.infer<typeof ExtensionTokenKind>;

const HostPattern = z
  .string()
  .max(300)
  .superRefine((value, ctx) => {
    const problem = hostPatternProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeHostPattern);

export const AllowedHosts = z
  .array(HostPattern)
  .max(EXTENSION_HOSTS_MAX, `Add at most ${EXTENSION_HOSTS_MAX} domains.`)
  .transform((hosts) => [...new Set(hosts)]);

// ext-bootstrap (bearer session token, JSON businessId → tenantJwt, allowedHosts, error).
export const ExtBootstrapInput = z.object({ businessId: Uuid.optional() });
export type ExtBootstrapInput = z.infer<typeof ExtBootstrapInput>;
export const ExtBootstrapOutput = z.object({
  /** The spec's name; an opaque random workspace token (see docs/decisions/023-extension-tokens.md). */
  tenantJwt: z.string(),
  tokenId: Uuid,
  expiresAt: z.string(),
  allowedHosts: z.array(z.string()),
  assistantName: z.string(),
  workspaceId: Uuid,
  error: z.null(),
});
export type ExtBootstrapOutput = z.infer<typeof ExtBootstrapOutput>;

// ext-answer (bearer tenant token; query, pageContext {url} → answer, error).
export const ExtPageContext = z.object({
  url: z.string().url().max(2_048).optional(),
  title: z.string().max(500).optional(),
  /** Used to answer, never stored. */
  text: z
    .string()
    .max(EXT_PAGE_TEXT_MAX_CHARS, `The page text is too long (at most ${EXT_PAGE_TEXT_MAX_CHARS} characters).`)
    .optional(),
});
export type ExtPageContext = z.infer<typeof ExtPageContext>;
export const ExtAnswerInput = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'Please type a question.')
    .max(EXT_QUERY_MAX_CHARS, `A question can be at most ${EXT_QUERY_MAX_CHARS} characters.`),
  pageContext: ExtPageContext.optional(),
});
export type ExtAnswerInput = z.infer<typeof ExtAnswerInput>;
export const ExtAnswerOutput = z.object({
  answer: z.string(),
  confidence: z.number().min(0).max(1),
  sources: z.array(ChatSource),
  assistantName: z.string(),
  error: z.null(),
});
export type ExtAnswerOutput = z.infer<typeof ExtAnswerOutput>;

// Allowed domains (Settings page).
export const ExtensionSettings = z.object({
  allowedHosts: z.array(z.string()),
  defaults: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type ExtensionSettings = z.infer<typeof ExtensionSettings>;
export const UpdateExtensionSettingsInput = z.object({ allowedHosts: AllowedHosts });
export type UpdateExtensionSettingsInput = z.input<typeof UpdateExtensionSettingsInput>;

// Tokens (list and revoke).
export const ExtensionToken = z.object({
  id: Uuid,
  kind: ExtensionTokenKind,
  userId: Uuid,
  userEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** live = not revoked and not expired */
  live: z.boolean(),
  mine: z.boolean(),
});
export type ExtensionToken = z.infer<typeof ExtensionToken>;
export const ExtensionTokenList = z.object({ tokens: z.array(ExtensionToken) });
export type ExtensionTokenList = z.infer<typeof ExtensionTokenList>;
export const RevokeExtensionTokenInput = z.object({ id: Uuid });
export type RevokeExtensionTokenInput = z.infer<typeof RevokeExtensionTokenInput>;
export const RevokeExtensionTokenOutput = z.object({ token: ExtensionToken });

// cluely-sync (action create_integration, userId → success, scriptUrl, error).
export const CluelySyncInput = z.object({ action: z.literal('create_integration'), userId: Uuid });
export type CluelySyncInput = z.infer<typeof CluelySyncInput>;
export const CluelySyncOutput = z.object({ success: z.boolean(), scriptUrl: z.string().url(), error: z.null() });
export type CluelySyncOutput = z.infer<typeof CluelySyncOutput>;

export const DesktopIntegration = z.object({
  id: Uuid,
  userId: Uuid,
  isActive: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastSyncedAt: z.string().nullable(),
  refreshSeconds: z.number().int(),
});
export type DesktopIntegration = z.infer<typeof DesktopIntegration>;
export const DesktopIntegrationOutput = z.object({ integration: DesktopIntegration.nullable() });
export type DesktopIntegrationOutput = z.infer<typeof DesktopIntegrationOutput>;

/** What the desktop script fetches every CLUELY_REFRESH_SECONDS (token-authenticated). */
export const CluelyContextOutput = z.object({
  assistantName: z.string(),
  workspaceName: z.string(),
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  documents: z.array(z.object({ title: z.string() })),
  refreshedAt: z.string(),
  refreshSeconds: z.number().int(),
});
export type CluelyContextOutput = z.infer<typeof CluelyContextOutput>;

export const extensionEndpoints = {
  extBootstrap: {
    method: 'POST',
    path: '/functions/v1/ext-bootstrap',
    access: 'workspace',
    namesWorkspace: ['businessId'],
    // A token that reads the workspace from other sites is not for anonymous sessions (decision 029 §7).
    registeredOnly: true,
    summary:
      "Issues a short-lived, revocable extension token for the caller's workspace, with the allowed domains and the assistant's name.",
    input: ExtBootstrapInput,
    output: ExtBootstrapOutput,
  },
  getExtensionSettings: {
    method: 'GET',
    path: '/api/v1/extension/settings',
    access: 'workspace',
    summary: 'The domains on which the extension may read page text.',
    input: NoInput,
    output: ExtensionSettings,
  },
  updateExtensionSettings: {
    method: 'PUT',
    path: '/api/v1/extension/settings',
    access: 'workspace',
    role: 'manager',
    summary: 'Replaces the allowed extension domains (host names or *.wildcards).',
    input: UpdateExtensionSettingsInput,
    output: ExtensionSettings,
  },
  listExtensionTokens: {
    method: 'GET',
    path: '/api/v1/extension/tokens',
    access: 'workspace',
    summary: "Extension and desktop tokens: the caller's own, or the workspace's for managers.",
    input: NoInput,
    output: ExtensionTokenList,
  },
  revokeExtensionToken: {
    method: 'DELETE',
    path: '/api/v1/extension/tokens/:id',
    access: 'workspace',
    summary: 'Revokes a token at once (own tokens; managers any token of the workspace).',
    input: RevokeExtensionTokenInput,
    output: RevokeExtensionTokenOutput,
  },
  cluelySync: {
    method: 'POST',
    path: '/functions/v1/cluely-sync',
    access: 'workspace',
    registeredOnly: true,
    summary:
      "Creates (or renews) the caller's desktop-assistant integration and returns the URL of a personal script; the previous script stops working.",
    input: CluelySyncInput,
    output: CluelySyncOutput,
  },
  getDesktopIntegration: {
    method: 'GET',
    path: '/api/v1/extension/desktop-integration',
    access: 'workspace',
    summary: "The caller's desktop-assistant integration, if any.",
    input: NoInput,
    output: DesktopIntegrationOutput,
  },
  deleteDesktopIntegration: {
    method: 'DELETE',
    path: '/api/v1/extension/desktop-integration',
    access: 'workspace',
    summary: "Deactivates the caller's desktop-assistant integration and revokes its token.",
    input: NoInput,
    output: DesktopIntegrationOutput,
  },
} as const satisfies Record<string, Endpoint>;
