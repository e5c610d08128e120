import { describe, expect, it } from 'vitest';
import type { Deps } from '../../platform/context';
import { InboundPayload } from '../../platform/job-ports';
import { createLogger } from '../../platform/logger';
import { runInbound } from './pipeline';

/**
 * runInbound answers by source with an exhaustive switch: a source it does not know is an error
 * (it used to fall through to the missed-call follow-up and text the sender).
 */
describe('inbound sources', () => {
  it('refuses a payload of an unknown source before touching any automation', async () => {
    // No database behind these deps: the unknown source must be refused before anything is read.
    const deps = {} as Deps;
    const payload = { source: 'fax', from: '+15550100', callSid: 'CA1', callStatus: 'no-answer' } as unknown;
    await expect(
      runInbound(deps, createLogger('silent'), '00000000-0000-4000-8000-000000000001', payload as InboundPayload),
    ).rejects.toThrow('unknown inbound source "fax"');
  });

  it('is refused by the inbound job payload too', () => {
    expect(InboundPayload.safeParse({ source: 'fax', from: '+15550100' }).success).toBe(false);
    expect(InboundPayload.options.map((o) => o.shape.source.value).sort()).toEqual(['call', 'mail', 'sms']);
  });
});
