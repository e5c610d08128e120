import { isUuid } from '@helixis/domain';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandlers } from '../../platform/http';
import { AUTOMATION_INBOUND_JOB } from '../../platform/job-ports';
import { approveDraft, draftAudit, listApprovals, rejectDraft } from './approvals.service';
import {
  connectTwilio,
  createAutomation,
  deleteAutomation,
  disconnectTwilio,
  listAutomationRuns,
  listAutomations,
  testAutomation,
  toggleAutomation,
  updateAutomation,
} from './automations.service';
import { checkCompliance, complianceSettingsHandler, updateComplianceSettings } from './compliance.service';
import { signedUrl, twilioStatus, verifyTwilioWebhook } from './twilio.service';

export const automationHandlers = {
  listAutomations,
  createAutomation,
  updateAutomation,
  toggleAutomation,
  deleteAutomation,
  listAutomationRuns,
  testAutomation,
  listApprovals,
  approveDraft,
  rejectDraft,
  draftAudit,
  twilioStatus,
  connectTwilio,
  disconnectTwilio,
  complianceSettings: complianceSettingsHandler,
  updateComplianceSettings,
  checkCompliance,
} satisfies Partial<EndpointHandlers>;

const WEBHOOK_BODY_LIMIT = 64 * 1024;
/** Twilio's voice statuses of a call nobody answered. */
const MISSED = new Set(['no-answer', 'busy', 'failed']);
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * Twilio webhooks (public: Twilio calls them), one pair per workspace. Each call must carry a valid
 * X-Twilio-Signature made with the workspace's auth token over the public URL and the form
 * parameters; anything else is refused with 403 before it is read further.
 */
export async function registerAutomationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        const params: Record<string, string> = {};
        for (const [k, v] of new URLSearchParams(body as string)) params[k] = v;
        done(null, params);
      },
    );

    const verified = async (request: {
      params: unknown;
      body: unknown;
      headers: Record<string, unknown>;
      protocol: string;
      host: string;
      url: string;
    }) => {
      const { workspaceId } = request.params as { workspaceId: string };
      if (!isUuid(workspaceId)) throw new AppError('not_found');
      const params = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      const ok = await verifyTwilioWebhook(deps, workspaceId, {
        url: signedUrl(deps, request),
        params,
        signature: typeof signature === 'string' ? signature : undefined,
      });
      if (!ok)
        throw new AppError('permission_denied', { userMessage: 'The Twilio signature of this request is not valid.' });
      return { workspaceId, params };
    };

    scope.post('/webhooks/twilio/:workspaceId/sms', { config: { access: 'public' } }, async (request, reply) => {
      const { workspaceId, params } = await verified(request);
      const { MessageSid, From, To, Body } = params;
      if (!MessageSid || !From)
        throw new AppError('validation_failed', { userMessage: 'MessageSid and From are required.' });
      await deps.jobs.enqueue(
        AUTOMATION_INBOUND_JOB,
        { source: 'sms', messageSid: MessageSid, from: From, to: To ?? '', body: (Body ?? '').slice(0, 5_000) },
        { workspaceId },
      );
      return reply.type('text/xml').send(EMPTY_TWIML);
    });

    scope.post('/webhooks/twilio/:workspaceId/voice', { config: { access: 'public' } }, async (request, reply) => {
      const { workspaceId, params } = await verified(request);
      const { CallSid, From, To, CallStatus } = params;
      if (CallSid && From && CallStatus && MISSED.has(CallStatus)) {
        await deps.jobs.enqueue(
          AUTOMATION_INBOUND_JOB,
          { source: 'call', callSid: CallSid, from: From, to: To ?? '', callStatus: CallStatus },
          { workspaceId },
        );
      }
      return reply.type('text/xml').send(EMPTY_TWIML);
    });
  });
}
