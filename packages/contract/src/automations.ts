import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { Uuid } from './workspaces';

/** Automations. Status rules live in @helixis/domain `automationReducer`. */
export const AutomationKind = z.enum(['email_inbox', 'sms_text', 'call_followup', 'smart_rescheduler']);
export type AutomationKind = z.infer<typeof AutomationKind>;
export const AutomationStatus = z.enum(['connected', 'needs_auth', 'paused', 'error']);
export type AutomationStatus = z.infer<typeof AutomationStatus>;
export const AutomationProvider = z.enum(['gmail', 'ms365', 'twilio', 'voice']);
export type AutomationProvider = z.infer<typeof AutomationProvider>;

/** The spec's labels for kinds (Add Automation tiles) and statuses (status pill). */
export const AUTOMATION_KIND_LABELS: Readonly<Record<AutomationKind, string>> = {
  email_inbox: 'Email Inbox',
  sms_text: 'SMS Messages',
  call_followup: 'Call Follow-up',
  smart_rescheduler: 'Smart Rescheduler',
};
export const AUTOMATION_KIND_PROVIDERS_LABEL: Readonly<Record<AutomationKind, string>> = {
  email_inbox: 'Gmail/MS365',
  sms_text: 'Twilio',
  call_followup: 'Voice',
  smart_rescheduler: 'Calendar',
};
export const AUTOMATION_STATUS_LABELS: Readonly<Record<AutomationStatus, string>> = {
  connected: 'Connected',
  needs_auth: 'Needs connect',
  paused: 'Paused',
  error: 'Needs attention',
};
export const AUTOMATION_PROVIDER_LABELS: Readonly<Record<AutomationProvider, string>> = {
  gmail: 'Gmail',
  ms365: 'MS365',
  twilio: 'Twilio',
  voice: 'Voice',
};
export const AUTOMATION_SETTINGS_TIP = 'Open Settings to configure routing & approvals';
export const AUTOMATION_NAME_MAX_CHARS = 80;
export const AUTOMATION_TEST_MAX_CHARS = 10_000;

const Intent = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{1,40}$/, 'An intent is lower-case letters, digits and underscores, like pricing_question.');
const HourMinute = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 21:00.');

/** A routing rule: a message mentioning any keyword gets the intent (first matching rule wins). */
export const RoutingRule = z.object({
  intent: Intent,
  keywords: z.array(z.string().trim().min(1).max(60)).min(1).max(50),
});
export type RoutingRule = z.infer<typeof RoutingRule>;

export const AutomationConfig = z.object({
  routing: z.array(RoutingRule).max(30),
  /** Every outbound action waits for approval unless its intent is listed here. */
  approval: z.object({ autoSendIntents: z.array(Intent).max(30) }),
  quietHours: z.object({ start: HourMinute, end: HourMinute }).nullable(),
  /** Reply openings per intent; `default` for the rest. */
  templates: z.record(z.string(), z.string().max(2_000)),
});
export type AutomationConfig = z.infer<typeof AutomationConfig>;

export const DEFAULT_AUTOMATION_CONFIG: AutomationConfig = {
  routing: [
    {
      intent: 'reschedule_request',
      keywords: ['reschedule', 'another time', 'move my appointment', 'change the time'],
    },
    { intent: 'pricing_question', keywords: ['price', 'cost', 'rent', 'fee', 'how much', 'deposit'] },
    { intent: 'maintenance_request', keywords: ['leak', 'broken', 'repair', 'maintenance', 'not working', 'clogged'] },
  ],
  approval: { autoSendIntents: [] },
  quietHours: { start: '21:00', end: '08:00' },
  templates: { default: 'Hi, thank you for your message.' },
};

export const Automation = z.object({
  id: Uuid,
  kind: AutomationKind,
  name: z.string(),
  status: AutomationStatus,
  enabled: z.boolean(),
  lastRunAt: z.string().nullable(),
  errorMsg: z.string().nullable(),
  stats: z.object({ today: z.number().int(), '7d': z.number().int() }),
  connections: z.record(AutomationProvider, z.boolean()),
  config: AutomationConfig,
  created_at: z.string(),
});
export type Automation = z.infer<typeof Automation>;

export const RunLogStatus = z.enum(['success', 'error']);
export type RunLogStatus = z.infer<typeof RunLogStatus>;
/** Run log entry. */
export const RunLogEntry = z.object({ ts: z.string(), msg: z.string(), status: RunLogStatus });
export type RunLogEntry = z.infer<typeof RunLogEntry>;

export const AutomationCitation = z.object({
  /** [Doc:Title#Idx] */
  citation: z.string(),
  title: z.string(),
  snippet: z.string(),
});
export type AutomationCitation = z.infer<typeof AutomationCitation>;

/** Automation test result, plus the drafted reply that would wait for approval. */
export const AutomationTestResult = z.object({
  intent: z.string(),
  actions: z.array(z.string()),
  citations: z.array(AutomationCitation),
  draft: z.string().nullable(),
  run: RunLogEntry,
});
export type AutomationTestResult = z.infer<typeof AutomationTestResult>;

const AutomationName = z
  .string()
  .trim()
  .min(1, 'Please give the automation a name.')
  .max(AUTOMATION_NAME_MAX_CHARS, `A name can be at most ${AUTOMATION_NAME_MAX_CHARS} characters.`);

export const ListAutomationsOutput = z.object({ automations: z.array(Automation) });
export type ListAutomationsOutput = z.infer<typeof ListAutomationsOutput>;
export const CreateAutomationInput = z.object({ kind: AutomationKind, name: AutomationName }).strict();
export type CreateAutomationInput = z.input<typeof CreateAutomationInput>;
export const UpdateAutomationInput = z
  .object({ id: Uuid, name: AutomationName.optional(), config: AutomationConfig.optional() })
  .strict();
export type UpdateAutomationInput = z.input<typeof UpdateAutomationInput>;
export const ToggleAutomationInput = z.object({ id: Uuid, enabled: z.boolean() }).strict();
export type ToggleAutomationInput = z.input<typeof ToggleAutomationInput>;
export const AutomationIdInput = z.object({ id: Uuid }).strict();
export type AutomationIdInput = z.input<typeof AutomationIdInput>;
export const AutomationOutput = z.object({ automation: Automation });
export type AutomationOutput = z.infer<typeof AutomationOutput>;
export const DeleteAutomationOutput = z.object({ deleted: z.literal(true) });
export const AutomationRunsInput = z
  .object({ id: Uuid, limit: z.coerce.number().int().min(1).max(200).default(20) })
  .strict();
export type AutomationRunsInput = z.input<typeof AutomationRunsInput>;
export const AutomationRunsOutput = z.object({ runs: z.array(RunLogEntry) });
export type AutomationRunsOutput = z.infer<typeof AutomationRunsOutput>;
export const TestAutomationInput = z
  .object({
    id: Uuid,
    text: z
      .string()
      .trim()
      .min(1, 'Paste a message to test with.')
      .max(AUTOMATION_TEST_MAX_CHARS, `A test message can be at most ${AUTOMATION_TEST_MAX_CHARS} characters.`),
  })
  .strict();
export type TestAutomationInput = z.input<typeof TestAutomationInput>;

export const automationEndpoints = {
  listAutomations: {
    method: 'GET',
    path: '/api/v1/automations',
    access: 'workspace',
    summary: "The workspace's automations with their status, connections and stats from real runs.",
    input: z.object({}).strict(),
    output: ListAutomationsOutput,
  },
  createAutomation: {
    method: 'POST',
    path: '/api/v1/automations',
    access: 'workspace',
    role: 'manager',
    summary: 'Creates an automation; it starts disabled (needs_auth for e-mail and rescheduler, paused otherwise).',
    input: CreateAutomationInput,
    output: AutomationOutput,
  },
  updateAutomation: {
    method: 'PATCH',
    path: '/api/v1/automations/:id',
    access: 'workspace',
    role: 'manager',
    summary: 'Renames an automation or changes its config (routing, approvals, quiet hours, templates).',
    input: UpdateAutomationInput,
    output: AutomationOutput,
  },
  toggleAutomation: {
    method: 'POST',
    path: '/api/v1/automations/:id/toggle',
    access: 'workspace',
    role: 'manager',
    summary: 'Switches an automation on or off (status through the automation reducer).',
    input: ToggleAutomationInput,
    output: AutomationOutput,
  },
  deleteAutomation: {
    method: 'DELETE',
    path: '/api/v1/automations/:id',
    access: 'workspace',
    role: 'manager',
    summary: 'Deletes an automation and its run log.',
    input: AutomationIdInput,
    output: DeleteAutomationOutput,
  },
  listAutomationRuns: {
    method: 'GET',
    path: '/api/v1/automations/:id/runs',
    access: 'workspace',
    summary: "An automation's run log, newest first.",
    input: AutomationRunsInput,
    output: AutomationRunsOutput,
  },
  testAutomation: {
    method: 'POST',
    path: '/api/v1/automations/:id/test',
    access: 'workspace',
    role: 'manager',
    summary: "Runs the automation's classification and drafting on a pasted message without sending; records a run.",
    input: TestAutomationInput,
    output: AutomationTestResult,
  },
} as const satisfies Record<string, Endpoint>;
