import { OAuthProvider } from '@helixis/contract';
import { z } from 'zod';
import { defineJob } from '../../platform/jobs';
import { withSystem, withTenant } from '../../platform/tenant';
import { intakeErrorMessage, intakeMailbox } from './mail.service';
import * as syncRepo from './mail-sync.repo';

/**
 * Background mail sync (issue 8): every minute the scheduler looks for connected mailboxes not read
 * for HELIXIS_MAIL_SYNC_MINUTES and queues one read per mailbox; each read runs the same intake as
 * "Run intake now", so new mail is stored, indexed and handed to the e-mail automation.
 */
export const MAIL_SYNC_MAILBOX_JOB = 'mail.sync-mailbox';

export const mailSyncMailboxJob = defineJob({
  name: MAIL_SYNC_MAILBOX_JOB,
  payload: z.object({ userId: z.string().uuid(), provider: OAuthProvider }).strict(),
  retryLimit: 1,
  expireInSeconds: 300,
  async run({ payload, job, deps, log }) {
    if (!job.workspaceId) throw new Error('mail.sync-mailbox needs a workspace');
    const workspaceId = job.workspaceId;
    const key = { userId: payload.userId, provider: payload.provider };
    let outcome: { imported: number; error: string | null };
    try {
      const { imported } = await intakeMailbox({ deps, workspaceId, userId: payload.userId, log }, payload.provider);
      outcome = { imported, error: null };
    } catch (err) {
      // A mailbox that cannot be read (expired grant, API down) is recorded and tried at the next interval.
      log.warn({ provider: payload.provider, err: err instanceof Error ? err.name : 'error' }, 'mailbox sync failed');
      outcome = { imported: 0, error: intakeErrorMessage(payload.provider, err) };
    }
    await withTenant(deps.database, { workspaceId, userId: null }, (tx) =>
      syncRepo.saveSyncState(tx, workspaceId, key, outcome),
    );
    log.info({ provider: payload.provider, imported: outcome.imported }, 'mailbox synced');
  },
});

export const mailSyncJob = defineJob({
  name: 'mail.sync',
  payload: z.object({}).strict(),
  schedule: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 120,
  async run({ deps, log }) {
    const minutes = deps.config.automations.mailSyncMinutes;
    if (minutes === 0) return;
    const due = new Date(Date.now() - minutes * 60_000 + 5_000);
    const mailboxes = await withSystem(deps.database, (tx) => syncRepo.mailboxesForSync(tx));
    let queued = 0;
    for (const m of mailboxes) {
      if (m.lastSyncedAt && Date.parse(m.lastSyncedAt) > due.getTime()) continue;
      const key = { userId: m.userId, provider: m.provider };
      // Claim the interval first (atomically), so neither a slow read nor a second tick reads it twice.
      const claimed = await withTenant(deps.database, { workspaceId: m.workspaceId, userId: null }, (tx) =>
        syncRepo.claimMailbox(tx, m.workspaceId, key, due),
      );
      if (!claimed) continue;
      await deps.jobs.enqueue(MAIL_SYNC_MAILBOX_JOB, key, { workspaceId: m.workspaceId });
      queued++;
    }
    if (queued > 0) log.info({ queued }, 'mailbox syncs queued');
  },
});
