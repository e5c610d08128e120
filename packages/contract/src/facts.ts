import { z } from 'zod';
import { type Endpoint, WORKSPACE_ID_FIELDS } from './endpoint';
import { SaveBusinessSummaryOutput } from './profile';
import { Uuid } from './workspaces';

/**
 * Facts the assistant knows about the business, their profile (completeness over the essential keys,
 * knowledge gaps, confidence) and the suggestions that follow from it.
 */

/** Where a fact was learned (richer fact model). */
export const FactSource = z.enum(['integration', 'document', 'conversation', 'manual']);
export type FactSource = z.infer<typeof FactSource>;

/** Longest fact key and value accepted; keeps a fact small enough for one realtime event. */
export const FACT_KEY_MAX_CHARS = 80;
export const FACT_VALUE_MAX_CHARS = 1_000;
/** Longest text one facts-ingest call reads. */
export const FACT_INGEST_MAX_CHARS = 20_000;
/** Most facts one facts-ingest call may learn. */
export const FACT_INGEST_MAX_FACTS = 25;

/** Fact confidence values; a gap is recorded below FACT_GAP_BELOW. */
export const FACT_CONFIDENCE = {
  migrated: 75,
  description: 80,
  default: 85,
  integration: 90,
  correction: 95,
} as const;
export const FACT_GAP_BELOW = 70;

/**
 * How a fact was learned. `method` decides the confidence when none is given: 'migration' 75,
 * 'description' 80, 'correction' 95, anything else 85 — or 90 when the source is an integration.
 */
export const FactProvenance = z.object({
  /** What kind of thing taught it, e.g. chat, document, integration, manual, correction. */
  type: z.string().min(1).max(40),
  /** Which one: a thread id, document title, integration kind, user id. */
  source: z.string().max(200),
  timestamp: z.string(),
  /** extraction, description, migration, sync, manual_entry, correction, ... */
  method: z.string().min(1).max(40),
  /** A short excerpt of what it was learned from. */
  context: z.string().max(500).optional(),
});
export type FactProvenance = z.infer<typeof FactProvenance>;

export const FactCorrection = z.object({
  originalValue: z.string(),
  correctedValue: z.string(),
  reason: z.string(),
  timestamp: z.string(),
  confidence: z.number().int().min(0).max(100),
});
export type FactCorrection = z.infer<typeof FactCorrection>;

/** A fact (richer fact model). `key` is the canonical snake_case key, `label` its display name. */
export const Fact = z.object({
  id: Uuid,
  key: z.string(),
  label: z.string(),
  value: z.string(),
  confidence: z.number().int().min(0).max(100),
  provenance: FactProvenance,
  corrections: z.array(FactCorrection),
  source: FactSource,
  learnedAt: z.string(),
  lastUpdated: z.string(),
});
export type Fact = z.infer<typeof Fact>;

export const FactList = z.object({ facts: z.array(Fact) });
export type FactList = z.infer<typeof FactList>;

/** The essential fact keys: completeness is the percent of them present. */
export const ESSENTIAL_FACT_KEYS = [
  { key: 'primary_contact_name', label: 'Primary Contact Name', category: 'contact' },
  { key: 'business_phone', label: 'Business Phone', category: 'contact' },
  { key: 'support_email', label: 'Support Email', category: 'contact' },
  { key: 'operating_hours', label: 'Operating Hours', category: 'operations' },
  { key: 'service_area', label: 'Service Area', category: 'operations' },
  { key: 'preferred_voice_tone', label: 'Preferred Voice Tone', category: 'operations' },
  { key: 'payment_methods', label: 'Payment Methods', category: 'operations' },
  { key: 'emergency_contact', label: 'Emergency Contact', category: 'contact' },
  { key: 'booking_process', label: 'Booking Process', category: 'operations' },
  { key: 'pricing_structure', label: 'Pricing Structure', category: 'operations' },
] as const;
export type EssentialFactKey = (typeof ESSENTIAL_FACT_KEYS)[number]['key'];

/** The knowledge model's own essential keys. */
export const KNOWLEDGE_MODEL_KEYS = [
  'business_name',
  'business_type',
  'services',
  'location',
  'target_audience',
  'contact_email',
  'contact_phone',
  'business_hours',
] as const;

export const GapCategory = z.enum(['essential', 'low_confidence']);
export type GapCategory = z.infer<typeof GapCategory>;

export const KnowledgeGap = z.object({
  id: z.string(),
  category: GapCategory,
  field: z.string(),
  description: z.string(),
  suggestedActions: z.array(z.string()),
  priority: z.number().int(),
  /** Completeness points (percent) filling this gap is worth. */
  estimatedValue: z.number(),
});
export type KnowledgeGap = z.infer<typeof KnowledgeGap>;

export const EssentialFactStatus = z.object({
  key: z.string(),
  label: z.string(),
  present: z.boolean(),
  confidence: z.number().int().nullable(),
});
export type EssentialFactStatus = z.infer<typeof EssentialFactStatus>;

/** The fact profile. */
export const FactProfile = z.object({
  id: Uuid,
  workspaceId: Uuid,
  facts: z.array(Fact),
  knowledgeGaps: z.array(KnowledgeGap),
  /** Percent of the 10 essential keys present; 100 is shown as complete. */
  completeness: z.number().int().min(0).max(100),
  essentialFacts: z.array(EssentialFactStatus),
  confidence: z.object({
    overall: z.number().int().min(0).max(100),
    byCategory: z.object({
      essential: z.number().int().min(0).max(100),
      contact: z.number().int().min(0).max(100),
    }),
  }),
  lastFactUpdate: z.string().nullable(),
  integrationStatus: z.object({ connected: z.boolean(), integrationFacts: z.number().int() }),
  /** For the copilot's quick-quiz hints. */
  servicesCount: z.number().int(),
  faqCount: z.number().int(),
});
export type FactProfile = z.infer<typeof FactProfile>;

/** Suggestions. */
export const SuggestionType = z.enum([
  'missing_integration',
  'incomplete_profile',
  'fact_confidence_low',
  'automation_opportunity',
]);
export type SuggestionType = z.infer<typeof SuggestionType>;
export const SuggestionStatus = z.enum(['pending', 'accepted', 'dismissed']);
export type SuggestionStatus = z.infer<typeof SuggestionStatus>;

/** Suggestion priorities. */
export const SUGGESTION_PRIORITY = {
  missing_integration: 9,
  incomplete_profile: 8,
  automation_opportunity: 7,
  fact_confidence_low: 6,
} as const satisfies Record<SuggestionType, number>;
/** Default number of top suggestions. */
export const TOP_SUGGESTIONS = 3;
/** Automation is suggested after this many matching questions ... */
export const AUTOMATION_MATCHING_QUESTIONS = 3;
/** ... when more than this many questions were asked in total. */
export const AUTOMATION_TOTAL_QUESTIONS_ABOVE = 5;

export const Suggestion = z.object({
  id: Uuid,
  type: SuggestionType,
  category: z.string(),
  title: z.string(),
  description: z.string(),
  impact: z.object({
    confidenceIncrease: z.number(),
    automationPotential: z.number(),
    responseAccuracy: z.number(),
    timesSaved: z.number(),
  }),
  effort: z.object({
    timeRequired: z.string(),
    complexity: z.enum(['low', 'medium', 'high']),
    userInvolvement: z.enum(['low', 'medium', 'high']),
    dependencies: z.array(z.string()),
  }),
  actions: z.array(z.string()),
  triggers: z.array(z.string()),
  status: SuggestionStatus,
  createdAt: z.string(),
  priority: z.number().int(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestionList = z.object({ suggestions: z.array(Suggestion) });
export type SuggestionList = z.infer<typeof SuggestionList>;

/** A question/answer pair generated from the workspace's knowledge; `source` cites where it came from. */
export const FaqPair = z.object({ question: z.string(), answer: z.string(), source: z.string() });
export type FaqPair = z.infer<typeof FaqPair>;

/** The copilot business profile, optionally sent with knowledge-actions. */
export const CopilotBusinessProfile = z.object({
  description: z.string().max(5_000).optional(),
  services: z.array(z.string().max(200)).max(50).optional(),
  target_audience: z.string().max(500).optional(),
  location: z.string().max(500).optional(),
  business_hours: z.string().max(500).optional(),
  faq_pairs: z.array(FaqPair).max(100).optional(),
});
export type CopilotBusinessProfile = z.infer<typeof CopilotBusinessProfile>;

/**
 * The spec's calls name the workspace (`workspaceId` or `workspace_id`); the server acts for the caller's
 * workspace and refuses a different one.
 */
const WorkspaceRef = { workspaceId: Uuid.optional(), workspace_id: Uuid.optional() };

export const ListFactsInput = z.object(WorkspaceRef).strict();
export type ListFactsInput = z.infer<typeof ListFactsInput>;

export const IngestFactsInput = z
  .object({
    ...WorkspaceRef,
    content: z.string().trim().min(1, 'Content is required').max(FACT_INGEST_MAX_CHARS),
    source: z.literal('chat').default('chat'),
  })
  .strict();
export type IngestFactsInput = z.infer<typeof IngestFactsInput>;
export const IngestFactsOutput = z.object({ facts: z.array(Fact), extracted: z.number().int() });
export type IngestFactsOutput = z.infer<typeof IngestFactsOutput>;

/** Add Content → free text: kept as a searchable document and read for facts. */
export const TeachTextInput = z
  .object({
    title: z.string().trim().max(200).optional(),
    text: z.string().trim().min(1, 'Please enter some text.').max(FACT_INGEST_MAX_CHARS),
  })
  .strict();
export type TeachTextInput = z.infer<typeof TeachTextInput>;
export const TeachTextOutput = IngestFactsOutput.extend({ document_id: Uuid });
export type TeachTextOutput = z.infer<typeof TeachTextOutput>;

export const KnowledgeCorrectInput = z
  .object({
    ...WorkspaceRef,
    key: z.string().trim().min(1, 'Key is required').max(FACT_KEY_MAX_CHARS),
    newValue: z.string().trim().min(1, 'A new value is required').max(FACT_VALUE_MAX_CHARS),
    /** What the correction refers to (a message id, a document, 'manual'); kept as the provenance source. */
    provenanceRef: z.string().trim().max(200).optional(),
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type KnowledgeCorrectInput = z.infer<typeof KnowledgeCorrectInput>;

export const SearchFactsInput = z
  .object({
    query: z.string().trim().min(1, 'Query is required').max(500),
    limit: z.coerce.number().int().min(1).max(50).default(5),
  })
  .strict();
export type SearchFactsInput = z.infer<typeof SearchFactsInput>;

export const ListSuggestionsInput = z
  .object({
    status: SuggestionStatus.default('pending'),
    limit: z.coerce.number().int().min(1).max(50).default(TOP_SUGGESTIONS),
  })
  .strict();
export type ListSuggestionsInput = z.infer<typeof ListSuggestionsInput>;

export const UpdateSuggestionInput = z.object({ id: Uuid, status: z.enum(['accepted', 'dismissed']) }).strict();
export type UpdateSuggestionInput = z.infer<typeof UpdateSuggestionInput>;

export const KnowledgeActionInput = z
  .object({
    ...WorkspaceRef,
    action: z.literal('generate_faq'),
    profile: CopilotBusinessProfile.optional(),
  })
  .strict();
export type KnowledgeActionInput = z.infer<typeof KnowledgeActionInput>;
export const KnowledgeActionOutput = z.object({
  /** The pairs this call added (the toast counts these). */
  faqs: z.array(FaqPair),
  /** Every FAQ pair the workspace now has. */
  total: z.number().int(),
});
export type KnowledgeActionOutput = z.infer<typeof KnowledgeActionOutput>;

/** Dashboard teaching texts. */
export const teachMessages = {
  informationUpdated: 'Information updated',
  informationFailed: 'Error: Failed to update information. Please try again.',
  documentUploaded: 'Document uploaded',
  uploadFailed: 'Upload failed',
  websiteIngested: 'Website ingested',
  ingestionFailed: 'Ingestion failed',
  summaryUpdated: 'Summary updated',
  summaryFailed: 'Failed to refresh summary',
  summaryLoadFailed: 'Failed to load summary',
  faqAdded: (n: number) => `Added ${n} FAQ pairs.`,
  faqNone: 'No FAQs generated.',
  faqFailed: (message: string) => `FAQ generation failed: ${message}`,
  copilotFailed: (message: string) => `I couldn't process that: ${message}`,
  copilotEmpty: "I couldn't process that request.",
  hintServices: 'Add 3-5 concrete services',
  hintFaqs: 'Add 5-10 FAQs',
} as const;
/** Quick-quiz hints show below these counts. */
export const HINT_SERVICES_BELOW = 3;
export const HINT_FAQS_BELOW = 5;
/** Business summary truncation. */
export const SUMMARY_TRUNCATE_CHARS = 200;

/**
 * facts-ingest: GET lists, POST learns; a WebSocket on the same path (`?access_token=`) receives the
 * workspace's `facts:upsert` and `facts:update` events as realtime messages.
 */
export const FACTS_INGEST_PATH = '/functions/v1/facts-ingest';

export const factEndpoints = {
  listFactsIngest: {
    method: 'GET',
    path: FACTS_INGEST_PATH,
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: "The workspace's facts (facts-ingest GET).",
    input: ListFactsInput,
    output: FactList,
  },
  ingestFacts: {
    method: 'POST',
    path: FACTS_INGEST_PATH,
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'Extracts facts from text ("Key: value" lines and known patterns) and upserts them.',
    input: IngestFactsInput,
    output: IngestFactsOutput,
  },
  teachText: {
    method: 'POST',
    path: '/api/v1/facts/teach-text',
    access: 'workspace',
    role: 'manager',
    summary: 'Add Content (free text): stores the text as a document and learns the facts in it.',
    input: TeachTextInput,
    output: TeachTextOutput,
  },
  correctKnowledge: {
    method: 'POST',
    path: '/functions/v1/knowledge-correct',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    role: 'manager',
    summary: 'Corrects a fact (confidence 95), keeping the history of corrections.',
    input: KnowledgeCorrectInput,
    output: Fact,
  },
  searchFacts: {
    method: 'GET',
    path: '/api/v1/facts/search',
    access: 'workspace',
    summary: 'Facts relevant to a query, best first.',
    input: SearchFactsInput,
    output: FactList,
  },
  getFactProfile: {
    method: 'GET',
    path: '/api/v1/facts/profile',
    access: 'workspace',
    summary: 'Completeness over the essential keys, knowledge gaps and confidence.',
    input: z.object({}).strict(),
    output: FactProfile,
  },
  listSuggestions: {
    method: 'GET',
    path: '/api/v1/suggestions',
    access: 'workspace',
    summary: 'Suggestions by priority (default: the top 3 pending).',
    input: ListSuggestionsInput,
    output: SuggestionList,
  },
  updateSuggestion: {
    method: 'PATCH',
    path: '/api/v1/suggestions/:id',
    access: 'workspace',
    role: 'manager',
    summary: 'Accepts or dismisses a pending suggestion.',
    input: UpdateSuggestionInput,
    output: Suggestion,
  },
  refreshTeachSummary: {
    method: 'POST',
    path: '/api/v1/teach/business-summary/refresh',
    access: 'workspace',
    role: 'manager',
    summary: "Business Summary card's Refresh: rebuilds the summary from what the workspace knows now.",
    input: z.object({}).strict(),
    output: SaveBusinessSummaryOutput,
  },
  knowledgeActions: {
    method: 'POST',
    path: '/functions/v1/knowledge-actions',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    role: 'manager',
    summary: 'generate_faq: FAQ pairs from the workspace facts and documents.',
    input: KnowledgeActionInput,
    output: KnowledgeActionOutput,
  },
} as const satisfies Record<string, Endpoint>;

/** The part of a fact a realtime event carries (no provenance or history: NOTIFY payloads stay small). */
export const FactEventFact = Fact.pick({
  id: true,
  key: true,
  label: true,
  value: true,
  confidence: true,
  source: true,
  lastUpdated: true,
});
export type FactEventFact = z.infer<typeof FactEventFact>;
