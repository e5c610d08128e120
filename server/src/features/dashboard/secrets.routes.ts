import {
  ADD_SECRET_PATH,
  AddSecretInput,
  type AddSecretOutput,
  CONFIGURE_INTEGRATION_TEXTS,
  HELIXIS_API_URL_SECRET,
  isValidHelixisApiUrl,
} from '@helixis/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { encryptSecret } from '../../platform/crypto';
import { AppError, isAppError } from '../../platform/errors';
import { parseInput, type WorkspaceResolver, workspaceContextFor } from '../../platform/http';

/** Associated data binding a stored secret to its workspace and name (a copied row does not decrypt). */
export const secretAad = (workspaceId: string, name: string) => `workspace-secret:${workspaceId}:${name}`;

/** Stores (or replaces) one workspace secret, encrypted; the value is never read back by any route. */
export async function addSecret(ctx: WorkspaceContext, input: AddSecretInput): Promise<AddSecretOutput> {
  const value = input.secret_value.trim();
  if (input.secret_name === HELIXIS_API_URL_SECRET && !isValidHelixisApiUrl(value)) {
    throw new AppError('validation_failed', { userMessage: CONFIGURE_INTEGRATION_TEXTS.invalidUrl });
  }
  const ws = ctx.workspace.id;
  const encrypted = encryptSecret(ctx.deps.config.encryptionKey, value, secretAad(ws, input.secret_name));
  await ctx.tenant((tx) =>
    tx.execute(
      sql`insert into workspace_secrets (workspace_id, name, value_encrypted, updated_by)
          values (${ws}::uuid, ${input.secret_name}, ${encrypted}, ${ctx.user.id}::uuid)
          on conflict (workspace_id, name) do update set value_encrypted = excluded.value_encrypted,
             updated_by = excluded.updated_by, updated_at = now()`,
    ),
  );
  ctx.log.info({ secretName: input.secret_name }, 'workspace secret saved');
  return { success: true, secret_name: input.secret_name };
}

/**
 * POST /functions/v1/secrets--add_secret: a raw route so that a missing or dead session
 * answers with the spec's own 'User not authenticated'. Managers and owners only.
 */
export function registerSecretRoutes(app: FastifyInstance, deps: Deps, resolveWorkspace: WorkspaceResolver): void {
  app.post(ADD_SECRET_PATH, { config: { access: 'workspace', role: 'manager' } }, async (request, reply) => {
    let ctx: WorkspaceContext;
    try {
      ctx = await workspaceContextFor(deps, request, resolveWorkspace, 'manager');
    } catch (err) {
      if (isAppError(err) && err.status === 401) {
        throw new AppError('not_authenticated', { userMessage: CONFIGURE_INTEGRATION_TEXTS.notAuthenticated });
      }
      throw err;
    }
    const input = parseInput(AddSecretInput, request.body);
    reply.header('cache-control', 'no-store');
    return addSecret(ctx, input);
  });
}
