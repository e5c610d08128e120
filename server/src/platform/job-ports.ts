import { z } from 'zod';

/**
 * Job ports: the name and payload of a job that one feature enqueues and another runs. They live below
 * the features so the enqueuing side names the job without importing the feature that runs it
 * (decision 037).
 *
 * automations.inbound runs an automation on something that arrived (a stored mail, an inbound SMS, a
 * missed call): the mail feature enqueues it, automations runs it.
 */
export const AUTOMATION_INBOUND_JOB = 'automations.inbound';

export const InboundPayload = z.discriminatedUnion('source', [
  z.object({ source: z.literal('mail'), mailId: z.string().uuid() }).strict(),
  z
    .object({
      source: z.literal('sms'),
      messageSid: z.string().min(1).max(64),
      from: z.string().min(1).max(40),
      to: z.string().max(40),
      body: z.string().max(5_000),
    })
    .strict(),
  z
    .object({
      source: z.literal('call'),
      callSid: z.string().min(1).max(64),
      from: z.string().min(1).max(40),
      to: z.string().max(40),
      callStatus: z.string().max(40),
    })
    .strict(),
]);
export type InboundPayload = z.infer<typeof InboundPayload>;
