import { z } from 'zod';
import { type Endpoint, NoInput, WORKSPACE_ID_FIELDS } from './endpoint';
import { QueryRewrite, RECENT_TURNS_MAX, RecentTurn, ScoreParts } from './knowledge';
import { Task } from './tasks';
import { Uuid } from './workspaces';

/** Threads and messages, the chat-with-context and rag-answer calls, and the chat texts. */
export const AssistantModeName = z.enum(['onboarding', 'operational']);
export type AssistantModeName = z.infer<typeof AssistantModeName>;

export const ChatRole = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRole>;

export const CHAT_MESSAGE_MAX_CHARS = 8_000;
export const CHAT_HISTORY_MAX_MESSAGES = 50;
export const SYSTEM_PROMPT_MAX_CHARS = 20_000;
export const BUSINESS_CONTEXT_MAX_CHARS = 20_000;
/** The onboarding prompt asks at most 3 questions at a time. */
export const ONBOARDING_MAX_QUESTIONS = 3;

/** Where a sentence of an answer came from: a document chunk or a learned fact. */
export const ChatSource = z.object({
  kind: z.enum(['document', 'fact']),
  /** chunk id or fact id */
  id: z.string(),
  title: z.string(),
  /** The chunk's index in its document (null for facts). */
  chunk_index: z.number().int().nullable(),
  /** A document chunk's document: with chunk_index it opens the viewer at the passage (absent for facts and older messages). */
  document_id: Uuid.optional(),
  /** 0..1, shown as a rounded percent. */
  similarity: z.number().min(0).max(1),
  /** The marker used in the answer text: [Doc:Title#Idx] or [Fact:key]. */
  citation: z.string(),
  snippet: z.string(),
  /** Why a document chunk was chosen (absent for facts and for messages saved before they existed). */
  matched_terms: z.array(z.string()).optional(),
  /** [start, end) ranges of `snippet` where a matched word occurs. */
  highlights: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).optional(),
  score_parts: ScoreParts.optional(),
});
export type ChatSource = z.infer<typeof ChatSource>;

export const ChatMessage = z.object({
  id: Uuid,
  thread_id: Uuid,
  role: ChatRole,
  content: z.string(),
  sources: z.array(ChatSource),
  confidence: z.number().min(0).max(1).nullable(),
  task_id: Uuid.nullable(),
  /** The question as it was searched, when this answer's follow-up question was rewritten. */
  rewrite: QueryRewrite.nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const Thread = z.object({
  id: Uuid,
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Thread = z.infer<typeof Thread>;
export const ThreadList = z.object({ threads: z.array(Thread) });
export type ThreadList = z.infer<typeof ThreadList>;

export const CreateThreadInput = z.object({ title: z.string().trim().max(200).optional() }).strict();
export type CreateThreadInput = z.input<typeof CreateThreadInput>;
export const ThreadOutput = z.object({ thread: Thread });
export type ThreadOutput = z.infer<typeof ThreadOutput>;

export const ListMessagesInput = z.object({ id: Uuid }).strict();
export const MessageList = z.object({ thread: Thread, messages: z.array(ChatMessage) });
export type MessageList = z.infer<typeof MessageList>;

const MessageText = z
  .string()
  .max(CHAT_MESSAGE_MAX_CHARS, `A message can be at most ${CHAT_MESSAGE_MAX_CHARS} characters.`);

export const ChatTurn = z.object({ role: z.enum(['user', 'assistant', 'system']), content: MessageText });
export type ChatTurn = z.infer<typeof ChatTurn>;

/** POST /functions/v1/chat-with-context. The last message must be the user's. */
export const ChatWithContextInput = z
  .object({
    messages: z
      .array(ChatTurn)
      .min(1, 'Send at least one message.')
      .max(CHAT_HISTORY_MAX_MESSAGES)
      .refine((m) => m.at(-1)?.role === 'user' && m.at(-1)?.content.trim() !== '', {
        message: 'The last message must be a non-empty user message.',
      }),
    systemPrompt: z.string().max(SYSTEM_PROMPT_MAX_CHARS).optional(),
    assistantMode: AssistantModeName.default('operational'),
    businessContext: z.string().max(BUSINESS_CONTEXT_MAX_CHARS).optional(),
    /** Accepted for compatibility; the server always acts as the signed-in user. */
    userId: z.string().optional(),
    /** Persist the turn in this thread; without it a new thread is started. */
    threadId: Uuid.optional(),
    temperature: z.number().min(0).max(2).optional(),
    /** Use the workspace's test assistant copy (managers only) and create no tasks. */
    isTestMode: z.boolean().default(false),
  })
  .strict();
export type ChatWithContextInput = z.input<typeof ChatWithContextInput>;

export const ChatWithContextOutput = z.object({
  message: z.string(),
  thread_id: Uuid,
  user_message: ChatMessage,
  assistant_message: ChatMessage,
  sources: z.array(ChatSource),
  confidence: z.number().min(0).max(1),
  /** The task created for a human when the assistant was unsure (operational mode only). */
  task: Task.nullable(),
  provider: z.enum(['offline', 'openai-compatible']),
  /** The question as it was searched, when a follow-up was rewritten with the earlier turns. */
  rewrite: QueryRewrite.nullable(),
});
export type ChatWithContextOutput = z.infer<typeof ChatWithContextOutput>;

/** Server-sent events of the streaming variant (POST /functions/v1/chat-with-context/stream). */
export const ChatStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), result: ChatWithContextOutput }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEvent>;
export const CHAT_STREAM_PATH = '/functions/v1/chat-with-context/stream';

/** POST /functions/v1/helixis-assistant: a one-shot question. */
export const HelixisAssistantInput = z
  .object({
    message: MessageText.trim().min(1, 'Message is required.'),
    provider: z.enum(['auto', 'offline', 'openai-compatible']).default('auto'),
    /** Use the named provider even when another is the default. */
    force: z.boolean().default(false),
  })
  .strict();
export type HelixisAssistantInput = z.input<typeof HelixisAssistantInput>;
export const HelixisAssistantOutput = z.object({
  text: z.string(),
  provider: z.enum(['offline', 'openai-compatible']),
});
export type HelixisAssistantOutput = z.infer<typeof HelixisAssistantOutput>;

/** POST /functions/v1/rag-answer: workspace_id and workspaceId are both accepted. */
export const RagAnswerInput = z
  .object({
    query: MessageText.trim().min(1, 'Query is required.'),
    workspace_id: Uuid.optional(),
    workspaceId: Uuid.optional(),
    is_test: z.boolean().default(false),
    mode: AssistantModeName.default('operational'),
    /** Earlier turns (oldest first): a follow-up question is rewritten with them before retrieval. */
    recent_turns: z.array(RecentTurn).max(RECENT_TURNS_MAX).optional(),
  })
  .strict();
export type RagAnswerInput = z.input<typeof RagAnswerInput>;
export const RagAnswerOutput = z.object({
  answer: z.string(),
  confidence: z.number().min(0).max(1),
  sources: z.array(ChatSource.extend({ similarity: z.number().min(0).max(1) })),
  factsUsed: z.array(z.string()),
  /** The task rule (hand unsure answers to a person) applied to this answer. */
  would_create_task: z.boolean(),
  /** Set when a task was created (never in test mode). */
  task_id: Uuid.nullable(),
  assistant_id: Uuid.nullable(),
  /** The question as it was searched, when a follow-up was rewritten with the recent turns. */
  rewrite: QueryRewrite.nullable(),
});
export type RagAnswerOutput = z.infer<typeof RagAnswerOutput>;

/** Chat texts. */
export const chatMessages = {
  error: "I'm sorry, I encountered an error. Please try again.",
  sendFailed: 'Failed to send message',
  createAssistantFailed: 'Failed to create assistant. Please try again.',
  workspaceLoadFailed: 'Could not load workspace',
  placeholder: 'Message Helixis...',
  newChat: 'New chat',
  sessionRestored: "Welcome back! I've restored your session.",
  taskCreated:
    'I am not sure about this, so I created a task for a person on your team. A human will answer, and I will remember the answer.',
} as const;

/**
 * What a resident, applicant or website visitor reads (the widget, automation drafts, SMS, the browser
 * extension's answer): never citation markers, file names or the assistant's internal wording.
 */
export const residentMessages = {
  /** An answer the assistant is not sure of; said only where the question was really handed to the team. */
  unsure: "I don't have that information yet — I've passed your question to our team.",
  /** When the question could not be handed on (e.g. too many open questions from the website). */
  unsureContact: "I don't have that information yet. Please contact our office directly and we'll help.",
  greeting: 'Hello! How can I help you today?',
  thanks: "You're welcome! Is there anything else I can help with?",
  /** The line of a drafted reply for a question nothing answers. */
  followUp: (question: string) => `About "${question}": I've passed this to our team and we'll follow up shortly.`,
  greetingNamed: (name: string) => `Hi ${name},`,
  greetingPlain: 'Hello,',
  signOff: 'Best regards,',
  /** When the business profile names no business. */
  teamName: 'The team',
} as const;

/** Voice chat: the realtime-chat WebSocket relays to an OpenAI-compatible realtime endpoint. */
export const REALTIME_CHAT_PATH = '/functions/v1/realtime-chat';
export const VOICE_SAMPLE_RATE = 24_000;
export const VOICE_BUFFER_SIZE = 4_096;
/** One microphone buffer as a binary frame: 4096 PCM16 samples = 8192 bytes (the relay's cap per frame). */
export const VOICE_FRAME_BYTES = VOICE_BUFFER_SIZE * 2;
/** The transcript shows for 10 seconds, then clears. */
export const VOICE_TRANSCRIPT_MS = 10_000;
export const VoiceState = z.enum(['connecting', 'connected', 'ended']);
export type VoiceState = z.infer<typeof VoiceState>;
/** Close codes of the realtime-chat socket besides the platform's 4401 (unauthorized). */
export const VOICE_CLOSE_CODES = { notConfigured: 4503, upstreamFailed: 4502 } as const;
export const voiceMessages = {
  connectionError: 'Connection Error',
  notConfigured:
    'Voice chat needs a realtime model: set HELIXIS_REALTIME_MODEL and a base URL (HELIXIS_REALTIME_BASE_URL or HELIXIS_LLM_BASE_URL) on the server.',
} as const;

/** GET /api/v1/voice: whether the voice button can connect, and what to configure when it cannot. */
export const VoiceConfig = z.object({
  available: z.boolean(),
  /** The realtime model the relay uses (no URL or key), null when voice is off. */
  model: z.string().nullable(),
  /** What an administrator must configure; null when available. */
  message: z.string().nullable(),
});
export type VoiceConfig = z.infer<typeof VoiceConfig>;

/**
 * What a browser may send as text frames (raw audio goes as binary PCM16 frames). Anything else is dropped.
 */
export const VoiceClientEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input_audio_buffer.append'), audio: z.string().max(65_536) }),
  z.object({ type: z.literal('input_audio_buffer.commit') }),
  z.object({
    type: z.literal('conversation.item.create'),
    item: z.object({
      type: z.literal('message'),
      role: z.literal('user'),
      content: z
        .array(z.object({ type: z.literal('input_text'), text: z.string().max(CHAT_MESSAGE_MAX_CHARS) }))
        .max(4),
    }),
  }),
  z.object({ type: z.literal('response.create') }),
]);
export type VoiceClientEvent = z.infer<typeof VoiceClientEvent>;

/** Upstream events passed on to the browser. */
export const VOICE_SERVER_EVENT_TYPES = [
  'session.created',
  'input_audio_buffer.speech_started',
  'conversation.item.input_audio_transcription.completed',
  'response.audio.delta',
  'response.audio.done',
  'response.audio_transcript.delta',
  'response.done',
  'error',
] as const;

export const chatEndpoints = {
  voiceConfig: {
    method: 'GET',
    path: '/api/v1/voice',
    access: 'workspace',
    summary: 'Whether voice chat is configured on this server (realtime model endpoint).',
    input: NoInput,
    output: VoiceConfig,
  },
  listThreads: {
    method: 'GET',
    path: '/api/v1/threads',
    access: 'workspace',
    summary: "The caller's chat threads, most recent first.",
    input: NoInput,
    output: ThreadList,
  },
  createThread: {
    method: 'POST',
    path: '/api/v1/threads',
    access: 'workspace',
    summary: 'Starts an empty chat thread.',
    input: CreateThreadInput,
    output: ThreadOutput,
  },
  listMessages: {
    method: 'GET',
    path: '/api/v1/threads/:id/messages',
    access: 'workspace',
    summary: "A thread's messages, oldest first.",
    input: ListMessagesInput,
    output: MessageList,
  },
  chatWithContext: {
    method: 'POST',
    path: '/functions/v1/chat-with-context',
    access: 'workspace',
    summary: 'Answers the last user message from the workspace knowledge; creates a task when unsure.',
    input: ChatWithContextInput,
    output: ChatWithContextOutput,
  },
  helixisAssistant: {
    method: 'POST',
    path: '/functions/v1/helixis-assistant',
    access: 'workspace',
    summary: 'A one-shot answer from the configured provider.',
    input: HelixisAssistantInput,
    output: HelixisAssistantOutput,
  },
  ragAnswer: {
    method: 'POST',
    path: '/functions/v1/rag-answer',
    access: 'workspace',
    namesWorkspace: WORKSPACE_ID_FIELDS,
    summary: 'Answer, confidence and sources for a query; reports whether a task would be created.',
    input: RagAnswerInput,
    output: RagAnswerOutput,
  },
} as const satisfies Record<string, Endpoint>;
