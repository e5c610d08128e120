import { z } from 'zod';
import { AutomationKind, AutomationStatus } from './automations';
import { type Endpoint, NoInput } from './endpoint';
import { Uuid } from './workspaces';

// ── Overview cards of the final dashboard, computed from real state ──────────────────

export const DashboardOverview = z.object({
  setup: z.object({
    /** AI Assistant Setup: the mean of the three parts below. */
    percent: z.number().int().min(0).max(100),
    /** Share of the five required business fields that are filled. */
    profile_percent: z.number().int().min(0).max(100),
    /** Knowledge Training: fact completeness over the 10 essential facts. */
    knowledge_percent: z.number().int().min(0).max(100),
    /** Integration Setup: 100 once at least one source is connected. */
    integration_percent: z.number().int().min(0).max(100),
    /** The labels of the connected integrations (a property system's name, 'Gmail', 'Calendar', ...). */
    connected_integrations: z.array(z.string()),
    /** Continue Setup goes to /onboarding with the force-fresh flag when false. */
    has_essential_info: z.boolean(),
    documents_ready: z.number().int().min(0),
  }),
  workflows: z.object({
    total: z.number().int().min(0),
    active: z.number().int().min(0),
    automations: z.array(
      z.object({
        id: Uuid,
        name: z.string(),
        kind: AutomationKind,
        status: AutomationStatus,
        enabled: z.boolean(),
        last_run_at: z.string().nullable(),
        runs_7d: z.number().int().min(0),
      }),
    ),
  }),
  tasks: z.object({ open: z.number().int().min(0) }),
});
export type DashboardOverview = z.infer<typeof DashboardOverview>;

/** Displayed maximum of automations on the dashboard. */
export const DASHBOARD_MAX_AUTOMATIONS = 4;

// ── Business insights: a weekly digest (insights window: the last 7 days) ──

export const INSIGHTS_WINDOW_DAYS = 7;

export const INSIGHT_METRICS = [
  'questions_asked',
  'tasks_created',
  'tasks_answered',
  'facts_learned',
  'documents_added',
  'automation_runs',
] as const;
export const InsightMetric = z.enum(INSIGHT_METRICS);
export type InsightMetric = z.infer<typeof InsightMetric>;
export const INSIGHT_METRIC_LABELS = {
  questions_asked: 'Questions asked',
  tasks_created: 'Tasks created',
  tasks_answered: 'Tasks answered',
  facts_learned: 'Facts learned',
  documents_added: 'Documents added',
  automation_runs: 'Automation runs',
} as const satisfies Record<InsightMetric, string>;

export const InsightCounts = z.object(
  Object.fromEntries(INSIGHT_METRICS.map((m) => [m, z.number().int().min(0)])) as Record<InsightMetric, z.ZodNumber>,
);
export type InsightCounts = z.infer<typeof InsightCounts>;

export const BusinessInsight = z.object({
  id: Uuid,
  workspace_id: Uuid,
  period_start: z.string(),
  period_end: z.string(),
  metrics: InsightCounts,
  previous: InsightCounts,
  generated_at: z.string(),
});
export type BusinessInsight = z.infer<typeof BusinessInsight>;

export const BusinessInsightsOutput = z.object({ latest: BusinessInsight.nullable() });
export type BusinessInsightsOutput = z.infer<typeof BusinessInsightsOutput>;
export const RefreshInsightsOutput = z.object({ job_id: z.string() });

// ── Teach Your AI → Integration Mode (data sources, learning sessions) ───────────────────

export const DataSourceType = z.enum(['email', 'calendar', 'documents', 'website', 'crm']);
export type DataSourceType = z.infer<typeof DataSourceType>;
export const DataSourceStatus = z.enum(['connected', 'learning', 'disconnected']);
export type DataSourceStatus = z.infer<typeof DataSourceStatus>;

export const DataSource = z.object({
  /** Stable key: 'email:gmail', 'email:alias', 'calendar', 'documents', 'website', 'crm:<provider>' per property system, ... */
  id: z.string(),
  name: z.string(),
  type: DataSourceType,
  status: DataSourceStatus,
  /** Last finished learning run for this source, else when it was connected or last changed. */
  lastSync: z.string().nullable(),
  /** What the assistant holds from this source (messages, events, chunks, facts). */
  learnedItems: z.number().int().min(0),
  /** The 'Learn from this' switch. */
  enabled: z.boolean(),
  /** What the items are, for the list ('messages', 'events', 'chunks', 'facts'). */
  unit: z.string(),
  detail: z.string().nullable(),
});
export type DataSource = z.infer<typeof DataSource>;

export const LearningSessionStatus = z.enum(['running', 'completed', 'failed']);
export const LearningSourceResult = z.object({
  id: z.string(),
  name: z.string(),
  before: z.number().int().min(0),
  after: z.number().int().min(0),
  error: z.string().nullable(),
});
export type LearningSourceResult = z.infer<typeof LearningSourceResult>;

export const LearningSession = z.object({
  id: Uuid,
  status: LearningSessionStatus,
  sources: z.array(z.string()),
  results: z.array(LearningSourceResult),
  items_learned: z.number().int().min(0),
  job_id: z.string().nullable(),
  /** 0-100, from the job. */
  progress: z.number().int().min(0).max(100),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LearningSession = z.infer<typeof LearningSession>;

export const LearningInsight = z.object({ label: z.string(), value: z.string() });

export const LearningSourcesOutput = z.object({
  sources: z.array(DataSource),
  counters: z.object({
    connected_sources: z.number().int().min(0),
    learning_from: z.number().int().min(0),
    items_learned: z.number().int().min(0),
  }),
  insights: z.array(LearningInsight),
  session: LearningSession.nullable(),
});
export type LearningSourcesOutput = z.infer<typeof LearningSourcesOutput>;

export const SetLearningSourceInput = z
  .object({ id: z.string().regex(/^[a-z0-9:_-]{1,80}$/, 'Unknown data source.'), enabled: z.boolean() })
  .strict();
export const SetLearningSourceOutput = z.object({ id: z.string(), enabled: z.boolean() });
export const LearningSessionInput = z.object({ id: Uuid }).strict();

/** Dashboard teaching toasts. */
export const LEARNING_TOASTS = {
  noSources: 'No sources enabled',
  noSourcesDescription: 'Please enable at least one connected source to start learning.',
  started: 'Learning session started',
  complete: 'Learning complete',
  preference: 'Learning preference updated',
} as const;

// ── secrets--add_secret and the Configure Integration dialog ─────────

/** The setting the Configure Integration dialog saves: the Helixis API URL. */
export const HELIXIS_API_URL_SECRET = 'HELIXIS_API_URL';
/** Client-side storage: the secrets-configured flag. */
export const SECRETS_CONFIGURED_STORAGE_KEY = 'secrets_configured';
export const ADD_SECRET_PATH = '/functions/v1/secrets--add_secret';
export const AddSecretInput = z
  .object({
    secret_name: z.string().regex(/^[A-Z][A-Z0-9_]{1,63}$/, 'Secret names are upper case letters, digits and _.'),
    secret_value: z.string().min(1, 'This field is required').max(4096),
  })
  .strict();
export type AddSecretInput = z.infer<typeof AddSecretInput>;
export const AddSecretOutput = z.object({ success: z.literal(true), secret_name: z.string() });
export type AddSecretOutput = z.infer<typeof AddSecretOutput>;
export const CONFIGURE_INTEGRATION_TEXTS = {
  invalidUrl: 'Please enter a valid Helixis API URL',
  saved: 'Configuration saved successfully!',
  failed: 'Failed to save configuration. Please try again.',
  notAuthenticated: 'User not authenticated',
} as const;

/** A Helixis API URL: http(s), a host name or address, optional port and path, no spaces. */
const HELIXIS_API_URL =
  /^https?:\/\/([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(:\d{1,5})?([/?#]\S*)?$/i;

export function isValidHelixisApiUrl(value: string): boolean {
  return HELIXIS_API_URL.test(value.trim());
}

// ── Embeddable chat widget ─────────────────────────────────────────────────────────────────────

export const WIDGET_CHAT_PATH = '/functions/v1/widget-chat';
export const WIDGET_SCRIPT_PATH = '/widget.js';
/** Per client address and widget: questions per window. */
export const WIDGET_CHAT_IP_LIMIT = 20;
export const WIDGET_CHAT_IP_WINDOW_SECONDS = 600;
/** Unanswered widget questions handed to the team per workspace and hour (not in the spec: caps task spam). */
export const WIDGET_TASKS_PER_HOUR = 20;

/** The embeddable widget speaks for the business to visitors of its website, from public documents only. */
export const WIDGET_SYSTEM_PROMPT = [
  "You answer visitors on a business's own website on behalf of that business.",
  'Use only the public documents you are given, cite each one you use, and keep answers short and friendly.',
  'If the documents do not answer the question, say so and suggest contacting the business directly.',
  'Never invent prices, policies, availability or personal details.',
].join(' ');

export const WidgetInfo = z.object({
  public_id: z.string(),
  public_documents: z.number().int().min(0),
});
export type WidgetInfo = z.infer<typeof WidgetInfo>;

export const WidgetChatInput = z
  .object({
    workspace: z.string().min(8).max(64),
    message: z.string().trim().min(1, 'Please type a question.').max(1000),
  })
  .strict();
export type WidgetChatInput = z.infer<typeof WidgetChatInput>;
/**
 * What a website visitor reads: no citation markers or file names; sources are document titles, each once,
 * with the path of the public passage view at the first passage the answer cited (decision 040).
 */
export const WidgetChatOutput = z.object({
  reply: z.string(),
  sources: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type WidgetChatOutput = z.infer<typeof WidgetChatOutput>;

// ── Widget appearance (issue 28 item 8): what visitors see, set by owners and admins ───────────

export const WIDGET_CONFIG_PATH = '/functions/v1/widget-config';
export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left'] as const;
export const WidgetPosition = z.enum(WIDGET_POSITIONS);
export type WidgetPosition = z.infer<typeof WidgetPosition>;
export const WIDGET_GREETING_MAX = 300;
export const WIDGET_SUGGESTIONS_MAX = 4;
export const WIDGET_SUGGESTION_MAX_CHARS = 120;
/** A colour as `#rrggbb` (six hex digits): the only shape the widget puts into its styles. */
export const WIDGET_ACCENT_PATTERN = /^#[0-9a-f]{6}$/i;

export const WidgetAppearance = z.object({
  greeting: z
    .string()
    .trim()
    .min(1, 'Please write a greeting.')
    .max(WIDGET_GREETING_MAX, `Keep the greeting under ${WIDGET_GREETING_MAX} characters.`),
  accent_color: z
    .string()
    .trim()
    .regex(WIDGET_ACCENT_PATTERN, 'Use a colour like #1d4ed8 (a # and six digits or letters a–f).')
    .transform((c) => c.toLowerCase()),
  suggested_questions: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A suggested question cannot be empty.')
        .max(
          WIDGET_SUGGESTION_MAX_CHARS,
          `Keep each suggested question under ${WIDGET_SUGGESTION_MAX_CHARS} characters.`,
        ),
    )
    .max(WIDGET_SUGGESTIONS_MAX, `Up to ${WIDGET_SUGGESTIONS_MAX} suggested questions.`),
  position: WidgetPosition,
});
export type WidgetAppearance = z.infer<typeof WidgetAppearance>;

/** What a widget that was never styled shows. */
export const DEFAULT_WIDGET_APPEARANCE: WidgetAppearance = {
  greeting: 'Hi! How can we help you today?',
  accent_color: '#1d4ed8',
  suggested_questions: [],
  position: 'bottom-right',
};

export const SaveWidgetAppearanceInput = WidgetAppearance.strict();

/** GET /functions/v1/widget-config?workspace=hxw_…: display settings only, nothing else of the workspace. */
export const WidgetConfigInput = z.object({ workspace: z.string().min(8).max(64) }).strict();

function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const v = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/**
 * The text colour that reads on an accent: white unless the accent is light (WCAG relative luminance,
 * choosing the side with the larger contrast ratio). The widget script carries the same rule in plain JS.
 */
export function accentTextColor(accent: string): '#ffffff' | '#111111' {
  const l = relativeLuminance(accent);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (relativeLuminance('#111111') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#111111';
}

export const SetDocumentPublicInput = z.object({ id: Uuid, public: z.boolean() }).strict();
export const SetDocumentPublicOutput = z.object({ id: Uuid, public: z.boolean() });

export const dashboardOverviewEndpoints = {
  dashboardOverview: {
    method: 'POST',
    path: '/functions/v1/dashboard-overview',
    access: 'workspace',
    summary: 'The final dashboard overview cards (setup, workflows, tasks) computed from the workspace.',
    input: NoInput,
    output: DashboardOverview,
  },
  getBusinessInsights: {
    method: 'GET',
    path: '/api/v1/dashboard/insights',
    access: 'workspace',
    summary: 'The latest weekly business insight (last 7 days against the 7 before).',
    input: NoInput,
    output: BusinessInsightsOutput,
  },
  refreshBusinessInsights: {
    method: 'POST',
    path: '/api/v1/dashboard/insights/refresh',
    access: 'workspace',
    summary: 'Queues the insights job for this workspace; follow it with GET /api/v1/jobs/:id.',
    input: NoInput,
    output: RefreshInsightsOutput,
  },
  listLearningSources: {
    method: 'GET',
    path: '/api/v1/teach/sources',
    access: 'workspace',
    summary: 'Teach Your AI integration mode: the data sources, counters, insights and latest session.',
    input: NoInput,
    output: LearningSourcesOutput,
  },
  setLearningSource: {
    method: 'PUT',
    path: '/api/v1/teach/sources/:id',
    access: 'workspace',
    role: 'manager',
    summary: "Saves a source's 'Learn from this' switch.",
    input: SetLearningSourceInput,
    output: SetLearningSourceOutput,
  },
  startLearning: {
    method: 'POST',
    path: '/api/v1/teach/learn',
    access: 'workspace',
    role: 'manager',
    summary: 'Starts a learning session over the enabled connected sources (a tracked job).',
    input: NoInput,
    output: LearningSession,
  },
  getLearningSession: {
    method: 'GET',
    path: '/api/v1/teach/sessions/:id',
    access: 'workspace',
    summary: 'One learning session with its progress and what each source learned.',
    input: LearningSessionInput,
    output: LearningSession,
  },
  getWidget: {
    method: 'GET',
    path: '/api/v1/widget',
    access: 'workspace',
    role: 'manager',
    summary: "The workspace's public chat widget id (created on first use) and how many documents are public.",
    input: NoInput,
    output: WidgetInfo,
  },
  regenerateWidget: {
    method: 'POST',
    path: '/api/v1/widget/regenerate',
    access: 'workspace',
    role: 'owner',
    summary: 'Replaces the public widget id; the old one stops working at once.',
    input: NoInput,
    output: WidgetInfo,
  },
  getWidgetAppearance: {
    method: 'GET',
    path: '/api/v1/widget/appearance',
    access: 'workspace',
    role: 'manager',
    summary: "The widget's greeting, accent colour, suggested questions and position (defaults until saved).",
    input: NoInput,
    output: WidgetAppearance,
  },
  saveWidgetAppearance: {
    method: 'PUT',
    path: '/api/v1/widget/appearance',
    access: 'workspace',
    role: 'manager',
    summary: 'Saves how the website chat widget looks; pages embedding it show the change on their next load.',
    input: SaveWidgetAppearanceInput,
    output: WidgetAppearance,
  },
  setDocumentPublic: {
    method: 'PUT',
    path: '/api/v1/documents/:id/public',
    access: 'workspace',
    role: 'manager',
    summary: 'Marks a document public (the embeddable widget may answer from it) or private.',
    input: SetDocumentPublicInput,
    output: SetDocumentPublicOutput,
  },
} as const satisfies Record<string, Endpoint>;
