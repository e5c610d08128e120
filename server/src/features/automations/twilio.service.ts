import type { ConnectTwilioInput, TwilioStatus } from '@helixis/contract';
import type { z } from 'zod';
import { describeUpstreamError } from '../../integrations/send-request';
import { TwilioClient, validTwilioSignature } from '../../integrations/twilio/client';
import { UpstreamError } from '../../integrations/upstream';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import type { Logger } from '../../platform/logger';
import { withTenant } from '../../platform/tenant';
import * as approvals from './approvals.repo';

/** Twilio credentials per workspace (auth token encrypted at rest), SMS sending and webhook checks. */

const tokenAad = (workspaceId: string) => `twilio:${workspaceId}:auth_token`;

export const twilioWebhookPath = (workspaceId: string, kind: 'sms' | 'voice') =>
  `/webhooks/twilio/${workspaceId}/${kind}`;

function publicOrigin(deps: Deps): string {
  return (deps.config.publicUrl ?? `http://localhost:${deps.config.port}`).replace(/\/+$/, '');
}

function toStatus(deps: Deps, workspaceId: string, row: approvals.TwilioRow | null): TwilioStatus {
  if (!row) {
    return {
      connected: false,
      account_sid: null,
      from_number: null,
      sms_webhook_url: null,
      voice_status_webhook_url: null,
      connected_at: null,
    };
  }
  const origin = publicOrigin(deps);
  return {
    connected: true,
    account_sid: row.accountSid,
    from_number: row.fromNumber,
    sms_webhook_url: `${origin}${twilioWebhookPath(workspaceId, 'sms')}`,
    voice_status_webhook_url: `${origin}${twilioWebhookPath(workspaceId, 'voice')}`,
    connected_at: new Date(row.updatedAt).toISOString(),
  };
}

export const twilioStatus: EndpointHandler<'twilioStatus'> = async ({ ctx }) => {
  const row = await ctx.tenant((tx) => approvals.findTwilio(tx, ctx.workspace.id));
  return toStatus(ctx.deps, ctx.workspace.id, row);
};

/** Whether the workspace has Twilio credentials (SMS and voice connections of the automations). */
export async function hasTwilio(ctx: WorkspaceContext): Promise<boolean> {
  return (await ctx.tenant((tx) => approvals.findTwilio(tx, ctx.workspace.id))) !== null;
}

/** Verifies the credentials against the Twilio API before storing anything. */
export async function saveTwilioCredentials(
  ctx: WorkspaceContext,
  input: z.output<typeof ConnectTwilioInput>,
): Promise<TwilioStatus> {
  const client = new TwilioClient(ctx.deps.config.automations.twilioApiUrl, {
    accountSid: input.account_sid,
    authToken: input.auth_token,
  });
  try {
    await client.fetchAccount();
  } catch (err) {
    if (err instanceof UpstreamError && (err.code === 'auth_invalid' || err.code === 'endpoint_404')) {
      throw new AppError('validation_failed', {
        userMessage:
          'Twilio did not accept this Account SID and Auth Token. Please copy both again from the Twilio console.',
        cause: err,
      });
    }
    throw new AppError('upstream_unavailable', {
      userMessage: `Twilio could not be reached to check the credentials: ${describeUpstreamError('Twilio', err)}`,
      cause: err,
    });
  }
  const row = await ctx.tenant((tx) =>
    approvals.saveTwilio(tx, ctx.workspace.id, {
      accountSid: input.account_sid,
      authTokenEncrypted: encryptSecret(ctx.deps.config.encryptionKey, input.auth_token, tokenAad(ctx.workspace.id)),
      fromNumber: input.from_number,
      connectedBy: ctx.user.id || null,
    }),
  );
  ctx.log.info({ accountSid: input.account_sid }, 'twilio connected');
  return toStatus(ctx.deps, ctx.workspace.id, row);
}

export async function forgetTwilio(ctx: WorkspaceContext): Promise<TwilioStatus> {
  await ctx.tenant((tx) => approvals.deleteTwilio(tx, ctx.workspace.id));
  return toStatus(ctx.deps, ctx.workspace.id, null);
}

async function credentials(deps: Deps, workspaceId: string) {
  const row = await withTenant(deps.database, { workspaceId, userId: null }, (tx) =>
    approvals.findTwilio(tx, workspaceId),
  );
  if (!row) return null;
  return { row, authToken: decryptSecret(deps.config.encryptionKey, row.authTokenEncrypted, tokenAad(workspaceId)) };
}

/** Sends an SMS from the workspace's Twilio number. */
export async function sendTwilioSms(
  scope: { deps: Deps; workspaceId: string; log: Logger },
  message: { to: string; body: string },
): Promise<{ sid: string }> {
  const creds = await credentials(scope.deps, scope.workspaceId);
  if (!creds) {
    throw new AppError('upstream_unavailable', {
      userMessage: 'Twilio is not connected. Connect it on /automations, then approve again.',
    });
  }
  const client = new TwilioClient(scope.deps.config.automations.twilioApiUrl, {
    accountSid: creds.row.accountSid,
    authToken: creds.authToken,
  });
  const sent = await client.sendSms({ to: message.to, from: creds.row.fromNumber, body: message.body });
  return { sid: sent.sid };
}

/**
 * Checks a webhook call: the workspace has Twilio, the call is signed with its auth token over the
 * public URL and the form parameters, and it names the workspace's account. False otherwise.
 */
export async function verifyTwilioWebhook(
  deps: Deps,
  workspaceId: string,
  request: { url: string; params: Record<string, string>; signature: string | undefined },
): Promise<boolean> {
  const creds = await credentials(deps, workspaceId);
  if (!creds) return false;
  if (!validTwilioSignature(creds.authToken, request.url, request.params, request.signature)) return false;
  return request.params.AccountSid === creds.row.accountSid;
}

/** The URL Twilio signed: HELIXIS_PUBLIC_URL (behind a proxy) or the request's own origin, plus the path and query. */
export function signedUrl(deps: Deps, request: { protocol: string; host: string; url: string }): string {
  const origin = deps.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  return `${origin}${request.url}`;
}
