/**
 * Runs the assistant's development set (assistant-set.ts) against a running Helixis server, only
 * through its public HTTP API, as the web app does: one account per business (POST /auth/v1/signup),
 * its documents uploaded (POST /functions/v1/ingest) and awaited until READY, the scripted onboarding
 * for the business that has one (onboarding rounds, summary, complete), then every question through
 * POST /functions/v1/chat-with-context — a follow-up or standalone question in the same thread as the
 * turn before it, with that turn as history. The task each answer hands the question to comes with the
 * answer; the workspace's tasks are read through GET /api/v1/tasks before and after the questions.
 *
 * Returns the figures of issue 25 and every failure with what was expected and what came back. Used by
 * `npm run bench:assistant` and the floor test (assistant-quality.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { mentionsSensitiveTopic } from '@helixis/domain';
import {
  type AssistantSet,
  documentBytes,
  documentText,
  loadAssistantSet,
  normalizeText,
  type QuestionKind,
  type SetBusiness,
  type SetQuestion,
} from './assistant-set';

export interface Figure {
  passed: number;
  total: number;
}

export interface AssistantFigures {
  /** Answerables: the answer contains an expected string and cites the right document. */
  answeredWithCitation: Figure;
  /** Ordinary questions (answerable, follow-up, standalone, onboarding) answered right and yet handed to a task. Target 0. */
  tasksOnAnsweredOrdinary: { tasks: number; answered: number };
  /**
   * Of those, the questions naming a sensitive topic (legal, medical, financial, contract, liability…),
   * which the spec's rule hands to a person however well they are answered (decision 028).
   */
  tasksOnAnsweredSensitiveWord: number;
  /** Ordinary questions handed to a task, answered right or not. */
  tasksOnOrdinary: { tasks: number; total: number };
  /** Unanswerables: handed to a task, exactly one task for the question in the list, no amount the question did not name. */
  unanswerableOneTask: Figure;
  /** Unanswerables whose answer names a money amount or percentage the question did not. Target 0. */
  inventedAmountsUnanswerable: number;
  /** Answers (any kind) naming a money amount or percentage found nowhere in the business's own texts or the question. */
  inventedAmountsAll: number;
  /** Sensitive questions that created a task for a person. */
  sensitiveTask: Figure;
  /** Sensitive questions handed over as sensitive (task type sensitive_question), not only because no answer was found. */
  sensitiveMarked: Figure;
  /** Follow-ups whose answer contains the expected string. */
  followupsResolved: Figure;
  /** Standalone questions after an unrelated turn: not rewritten (rewrite null) and answered right. */
  standaloneKept: Figure;
  /** Questions about what the owner said in the scripted onboarding, answered right. */
  onboardingAnswered: Figure;
}

export interface AnswerRecord {
  id: string;
  business: string;
  kind: QuestionKind;
  before?: string;
  question: string;
  expected: string[];
  provider: string;
  /** The assistant's message as returned (citation markers included). */
  answer: string;
  sources: { kind: string; title: string; citation: string }[];
  rewrite: string | null;
  /** The task the answer handed the question to (new, or an open one for the same question), if any. */
  task: { type: string; priority: string; isNew: boolean } | null;
  /** Tasks in GET /api/v1/tasks whose question is this question, once the business's questions were asked. */
  tasksForQuestion: number;
  containsExpected: boolean;
  citesRightDocument: boolean;
  inventedAmounts: string[];
  ms: number;
}

export interface Failure {
  id: string;
  kind: QuestionKind;
  figure: keyof AssistantFigures;
  question: string;
  before?: string;
  expected: string[];
  got: string;
  reason: string;
}

export interface AssistantReport {
  provider: string;
  questions: number;
  figures: AssistantFigures;
  failures: Failure[];
  records: AnswerRecord[];
  ms: number;
}

export interface RunOptions {
  /** Called after each question (progress output). */
  onAnswer?: (record: AnswerRecord, index: number, total: number) => void;
  /** Only these question ids (a quick look at a few); default every question. */
  only?: readonly string[];
}

// ── HTTP ─────────────────────────────────────────────────────────────────────────────────────────

interface Target {
  url: string;
}

export async function call<T>(
  target: Target,
  method: string,
  pathname: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${target.url}${pathname}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

interface Account {
  token: string;
  workspaceId: string;
}

/** A new account through the public sign-up, with its workspace. */
export async function signUp(target: Target, label: string): Promise<Account> {
  const email = `${label}-${randomUUID().slice(0, 8)}@bench.example`;
  const { access_token: token } = await call<{ access_token: string }>(target, 'POST', '/auth/v1/signup', {
    body: { email, password: `Bench-${randomUUID()}` },
  });
  if (!token) throw new Error(`sign-up of ${email} returned no access token (is e-mail confirmation on?)`);
  const me = await call<{ workspace: { id: string } }>(target, 'GET', '/api/v1/me', { token });
  return { token, workspaceId: me.workspace.id };
}

/** Uploads a file as a browser's FormData does and waits until the ingest job has read it. */
export async function upload(
  target: Target,
  token: string,
  filename: string,
  data: Buffer,
): Promise<{ title: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), filename);
  const res = await fetch(`${target.url}/functions/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { document_id: string };
  if (res.status !== 202) throw new Error(`upload of ${filename} answered ${res.status}: ${JSON.stringify(body)}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const doc = await call<{ status: string; title: string; error: string | null }>(
      target,
      'GET',
      `/api/v1/documents/${body.document_id}`,
      { token },
    );
    if (doc.status === 'READY') return { title: doc.title };
    if (doc.status !== 'PENDING') throw new Error(`${filename} ended ${doc.status}: ${doc.error ?? ''}`);
    if (Date.now() > deadline) throw new Error(`${filename} still PENDING after 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until the workspace's background jobs are done: an upload is READY (searchable) before its
 * ingest job has finished learning facts from it, and the answers should not depend on that race.
 */
export async function settleJobs(target: Target, token: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { jobs } = await call<{ jobs: { state: string }[] }>(target, 'GET', '/api/v1/jobs', { token });
    if (jobs.every((j) => j.state === 'completed' || j.state === 'failed')) return;
    if (Date.now() > deadline) throw new Error('background jobs still running after 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The owner goes through onboarding: the three rounds answered, the summary read, onboarding completed. */
async function runOnboarding(target: Target, token: string, rounds: readonly string[][]): Promise<void> {
  for (const [i, answers] of rounds.entries()) {
    await call(target, 'POST', `/api/v1/onboarding/rounds/${i + 1}`, { token, body: { answers, complete: true } });
  }
  await call(target, 'POST', '/functions/v1/onboarding-summary', { token, body: {} });
  await call(target, 'POST', '/api/v1/onboarding/complete', { token, body: {} });
}

interface ChatReply {
  message: string;
  thread_id: string;
  sources: { kind: string; id: string; title: string; citation: string }[];
  task: { id: string; task_type: string; priority: string } | null;
  provider: string;
  rewrite: { rewritten: string } | null;
}

type Turn = { role: 'user' | 'assistant'; content: string };

/**
 * One chat turn. A failed request (a model endpoint that timed out, a 502) is a failed answer, not the
 * end of the run: it comes back as an answer naming the error, with no sources and no task.
 */
async function chat(target: Target, token: string, messages: Turn[], threadId?: string): Promise<ChatReply> {
  try {
    return await call<ChatReply>(target, 'POST', '/functions/v1/chat-with-context', {
      token,
      body: { messages, assistantMode: 'operational', ...(threadId ? { threadId } : {}) },
    });
  } catch (err) {
    return {
      message: `(request failed: ${err instanceof Error ? err.message : String(err)})`,
      thread_id: threadId ?? '',
      sources: [],
      task: null,
      provider: 'failed',
      rewrite: null,
    };
  }
}

interface TaskRow {
  id: string;
  question: string | null;
  task_type: string;
  priority: string;
}
const listTasks = async (target: Target, token: string) =>
  (await call<{ tasks: TaskRow[] }>(target, 'GET', '/api/v1/tasks', { token })).tasks;

/** Fact id → the document it was learned from (facts learned elsewhere are left out). */
async function factOriginsOf(target: Target, token: string): Promise<Map<string, string>> {
  const { facts } = await call<{ facts: { id: string; provenance: { type: string; source: string } }[] }>(
    target,
    'GET',
    '/functions/v1/facts-ingest',
    { token },
  );
  return new Map(facts.filter((f) => f.provenance.type === 'document').map((f) => [f.id, f.provenance.source]));
}

// ── Grading ──────────────────────────────────────────────────────────────────────────────────────

/** The answer as a reader compares it: without [Doc:…]/[Fact:…] markers, normalised. */
export function answerText(message: string): string {
  return normalizeText(message.replace(/\[(?:Doc|Fact):[^\]]*\]/g, ' '));
}

export function containsExpected(message: string, expected: readonly string[]): boolean {
  const text = answerText(message);
  return expected.some((e) => text.includes(normalizeText(e)));
}

const AMOUNT = /\$\s?\d[\d,]*(?:\.\d+)?|\b\d+(?:\.\d+)?\s?(?:%|percent\b)|\b\d[\d,]*(?:\.\d+)?\s?dollars?\b/gi;

/** Money amounts and percentages of a text, normalised ("$1,500.00" → "$1500", "12 %" → "12%"). */
export function amountsOf(text: string): string[] {
  return [...text.matchAll(AMOUNT)].map((m) => {
    const raw = m[0].toLowerCase().replace(/[\s,]/g, '');
    const value = raw.replace(/^\$|%$|percent$|dollars?$/g, '').replace(/\.0+$/, '');
    return raw.endsWith('%') || raw.endsWith('percent') ? `${value}%` : `$${value}`;
  });
}

function grade(
  q: SetQuestion,
  reply: ChatReply,
  business: SetBusiness,
  knownAmounts: ReadonlySet<string>,
  factOrigins: ReadonlyMap<string, string>,
  storedTitles: ReadonlyMap<string, string>,
): Pick<AnswerRecord, 'containsExpected' | 'citesRightDocument' | 'inventedAmounts'> {
  const doc = q.document ? business.documents[q.document] : undefined;
  const questionAmounts = new Set(amountsOf(q.question));
  const answerAmounts = amountsOf(answerText(reply.message));
  // An unanswerable's answer may name no amount the question did not; any other answer no amount the business never wrote.
  const invented =
    q.kind === 'unanswerable'
      ? answerAmounts.filter((a) => !questionAmounts.has(a))
      : answerAmounts.filter((a) => !questionAmounts.has(a) && !knownAmounts.has(a));
  return {
    containsExpected: containsExpected(reply.message, q.expected ?? []),
    // A fact learned from the document (its provenance names the document) cites it too.
    // The document is known by its file name and by the title the product gave it (its first heading).
    citesRightDocument: doc
      ? reply.sources.some((s) => {
          const name = s.kind === 'document' ? s.title : factOrigins.get(s.id);
          return name === doc.uploadName || name === storedTitles.get(doc.uploadName);
        })
      : reply.sources.length > 0,
    inventedAmounts: [...new Set(invented)],
  };
}

const ORDINARY: readonly QuestionKind[] = ['answerable', 'followup', 'standalone', 'onboarding'];
const figureOf = (records: AnswerRecord[], kind: QuestionKind, pass: (r: AnswerRecord) => boolean): Figure => {
  const of = records.filter((r) => r.kind === kind);
  return { passed: of.filter(pass).length, total: of.length };
};
const answeredRight = (r: AnswerRecord) =>
  r.containsExpected && (r.kind !== 'answerable' || r.citesRightDocument) && (r.kind !== 'standalone' || !r.rewrite);
const oneTaskNoAmount = (r: AnswerRecord) =>
  r.task !== null && r.tasksForQuestion === 1 && r.inventedAmounts.length === 0;

export function figuresOf(records: AnswerRecord[]): AssistantFigures {
  const ordinary = records.filter((r) => ORDINARY.includes(r.kind));
  const answered = ordinary.filter(answeredRight);
  return {
    answeredWithCitation: figureOf(records, 'answerable', answeredRight),
    tasksOnAnsweredOrdinary: { tasks: answered.filter((r) => r.task !== null).length, answered: answered.length },
    tasksOnAnsweredSensitiveWord: answered.filter((r) => r.task !== null && mentionsSensitiveTopic(r.question)).length,
    tasksOnOrdinary: { tasks: ordinary.filter((r) => r.task !== null).length, total: ordinary.length },
    unanswerableOneTask: figureOf(records, 'unanswerable', oneTaskNoAmount),
    inventedAmountsUnanswerable: records.filter((r) => r.kind === 'unanswerable' && r.inventedAmounts.length > 0)
      .length,
    inventedAmountsAll: records.filter((r) => r.inventedAmounts.length > 0).length,
    sensitiveTask: figureOf(records, 'sensitive', (r) => r.task !== null),
    sensitiveMarked: figureOf(records, 'sensitive', (r) => r.task?.type === 'sensitive_question'),
    followupsResolved: figureOf(records, 'followup', (r) => r.containsExpected),
    standaloneKept: figureOf(records, 'standalone', answeredRight),
    onboardingAnswered: figureOf(records, 'onboarding', (r) => r.containsExpected),
  };
}

const clip = (s: string, n = 400) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n - 1)}…` : flat;
};

export function failuresOf(records: AnswerRecord[]): Failure[] {
  const failures: Failure[] = [];
  for (const r of records) {
    const add = (figure: keyof AssistantFigures, reason: string) =>
      failures.push({
        id: r.id,
        kind: r.kind,
        figure,
        question: r.question,
        ...(r.before ? { before: r.before } : {}),
        expected: r.expected,
        got: clip(r.answer),
        reason,
      });
    const cited = r.sources.map((s) => s.title);
    const wrongAnswer = () =>
      !r.containsExpected
        ? r.sources.length === 0
          ? 'no expected string; nothing cited'
          : 'no expected string in the answer'
        : `expected string found, but cites ${cited.length ? [...new Set(cited)].join(', ') : 'nothing'}`;
    switch (r.kind) {
      case 'answerable':
        if (!answeredRight(r)) add('answeredWithCitation', wrongAnswer());
        break;
      case 'followup':
        if (!r.containsExpected)
          add('followupsResolved', `not resolved (searched as: ${r.rewrite ?? 'typed, not rewritten'})`);
        break;
      case 'standalone':
        if (r.rewrite) add('standaloneKept', `rewritten as "${r.rewrite}"`);
        else if (!r.containsExpected) add('standaloneKept', 'kept, but no expected string in the answer');
        break;
      case 'onboarding':
        if (!r.containsExpected) add('onboardingAnswered', wrongAnswer());
        break;
      case 'unanswerable':
        if (r.task === null || r.tasksForQuestion !== 1) {
          add(
            'unanswerableOneTask',
            `${r.task ? 'handed to a task' : 'no task'}; ${r.tasksForQuestion} tasks for it in the list`,
          );
        }
        if (r.inventedAmounts.length > 0) {
          add('inventedAmountsUnanswerable', `names ${r.inventedAmounts.join(', ')} that the question did not`);
        }
        break;
      case 'sensitive':
        if (r.task === null) add('sensitiveTask', 'no task for a person');
        else if (r.task.type !== 'sensitive_question') {
          add('sensitiveMarked', `handed over as ${r.task.type} (${r.task.priority}), not as sensitive`);
        }
        break;
    }
    if (ORDINARY.includes(r.kind) && r.task) {
      const what = `${r.task.isNew ? 'task created' : 'handed to an open task'}: ${r.task.type} (${r.task.priority})`;
      add(answeredRight(r) ? 'tasksOnAnsweredOrdinary' : 'tasksOnOrdinary', what);
    }
    if (r.kind !== 'unanswerable' && r.inventedAmounts.length > 0) {
      add('inventedAmountsAll', `names ${r.inventedAmounts.join(', ')}, found nowhere in the business's texts`);
    }
  }
  return failures;
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────────

/** Runs the whole set (or `options.only`) against the server at `target.url`. */
export async function runAssistantSet(
  target: Target,
  options: RunOptions = {},
  set: AssistantSet = loadAssistantSet(),
): Promise<AssistantReport> {
  const started = performance.now();
  const records: AnswerRecord[] = [];
  const questions = options.only ? set.questions.filter((q) => options.only?.includes(q.id)) : set.questions;
  let provider = 'unknown';
  for (const business of set.businesses) {
    const mine = questions.filter((q) => q.business === business.key);
    if (mine.length === 0) continue;
    const account = await signUp(target, business.key);
    const texts: string[] = [];
    const storedTitles = new Map<string, string>();
    for (const doc of Object.values(business.documents)) {
      const { title } = await upload(target, account.token, doc.uploadName, await documentBytes(doc));
      storedTitles.set(doc.uploadName, title);
      texts.push(documentText(doc));
    }
    if (set.onboarding?.business === business.key) {
      await runOnboarding(target, account.token, set.onboarding.rounds);
      texts.push(...set.onboarding.rounds.flat());
    }
    await settleJobs(target, account.token);
    const knownAmounts = new Set(texts.flatMap(amountsOf));
    let factOrigins = await factOriginsOf(target, account.token);
    const seenTasks = new Set((await listTasks(target, account.token)).map((t) => t.id));
    const mineRecords: AnswerRecord[] = [];

    for (const q of mine) {
      let history: Turn[] = [];
      let threadId: string | undefined;
      if (q.before) {
        const first = await chat(target, account.token, [{ role: 'user', content: q.before }]);
        if (first.task) seenTasks.add(first.task.id);
        history = [
          { role: 'user', content: q.before },
          { role: 'assistant', content: first.message },
        ];
        threadId = first.thread_id || undefined;
      }
      const t0 = performance.now();
      const reply = await chat(target, account.token, [...history, { role: 'user', content: q.question }], threadId);
      const ms = performance.now() - t0;
      if (reply.provider !== 'failed') provider = reply.provider;
      if (reply.sources.some((s) => s.kind === 'fact' && !factOrigins.has(s.id))) {
        factOrigins = await factOriginsOf(target, account.token);
      }
      const record: AnswerRecord = {
        id: q.id,
        business: q.business,
        kind: q.kind,
        ...(q.before ? { before: q.before } : {}),
        question: q.question,
        expected: q.expected ?? [],
        provider: reply.provider,
        answer: reply.message,
        sources: reply.sources.map((s) => ({ kind: s.kind, title: s.title, citation: s.citation })),
        rewrite: reply.rewrite?.rewritten ?? null,
        task: reply.task
          ? { type: reply.task.task_type, priority: reply.task.priority, isNew: !seenTasks.has(reply.task.id) }
          : null,
        tasksForQuestion: 0,
        ...grade(q, reply, business, knownAmounts, factOrigins, storedTitles),
        ms,
      };
      if (reply.task) seenTasks.add(reply.task.id);
      records.push(record);
      mineRecords.push(record);
      options.onAnswer?.(record, records.length, questions.length);
    }
    // The tasks as the team sees them, once every question of the business was asked.
    const tasks = await listTasks(target, account.token);
    for (const r of mineRecords) r.tasksForQuestion = tasks.filter((t) => t.question === r.question).length;
  }
  return {
    provider,
    questions: records.length,
    figures: figuresOf(records),
    failures: failuresOf(records),
    records,
    ms: performance.now() - started,
  };
}

// ── Output ───────────────────────────────────────────────────────────────────────────────────────

const pct = (f: Figure) => (f.total === 0 ? 'n/a' : `${((100 * f.passed) / f.total).toFixed(1)} %`);
const frac = (f: Figure) => `${f.passed}/${f.total}`;

/** The figures as printed lines (targets of issue 25 beside them). */
export function figureLines(report: AssistantReport): string[] {
  const f = report.figures;
  const row = (label: string, value: string, target: string) => `  ${label.padEnd(52)}${value.padEnd(20)}${target}`;
  return [
    `Assistant development set — provider ${report.provider}, ${report.questions} questions, ${(report.ms / 1000).toFixed(1)} s`,
    row('figure', 'measured', 'target'),
    row('answered with a correct citation', `${frac(f.answeredWithCitation)} ${pct(f.answeredWithCitation)}`, '≥ 95 %'),
    row(
      'tasks on answered ordinary questions',
      `${f.tasksOnAnsweredOrdinary.tasks} of ${f.tasksOnAnsweredOrdinary.answered}`,
      '0',
    ),
    row('  of them for a sensitive word in the question', `${f.tasksOnAnsweredSensitiveWord}`, '(spec rule)'),
    row('  tasks on all ordinary questions', `${f.tasksOnOrdinary.tasks} of ${f.tasksOnOrdinary.total}`, ''),
    row(
      'unanswerables → exactly one task, no amount',
      `${frac(f.unanswerableOneTask)} ${pct(f.unanswerableOneTask)}`,
      '100 %',
    ),
    row('invented amounts (unanswerables)', String(f.inventedAmountsUnanswerable), '0'),
    row('invented amounts (any answer, not in own texts)', String(f.inventedAmountsAll), '0'),
    row('sensitive questions → a task', `${frac(f.sensitiveTask)} ${pct(f.sensitiveTask)}`, '100 %'),
    row('  … handed over as sensitive (high priority)', `${frac(f.sensitiveMarked)} ${pct(f.sensitiveMarked)}`, ''),
    row('follow-ups resolved', `${frac(f.followupsResolved)} ${pct(f.followupsResolved)}`, '100 %'),
    row('standalone questions kept', `${frac(f.standaloneKept)} ${pct(f.standaloneKept)}`, '100 %'),
    row('onboarding facts answered', `${frac(f.onboardingAnswered)} ${pct(f.onboardingAnswered)}`, ''),
  ];
}

/** Every failure, grouped by figure: question, expected, what came back, why. */
export function failureLines(report: AssistantReport): string[] {
  const lines: string[] = [];
  const byFigure = new Map<string, Failure[]>();
  for (const f of report.failures) byFigure.set(f.figure, [...(byFigure.get(f.figure) ?? []), f]);
  for (const [figure, failures] of byFigure) {
    lines.push('', `${figure} — ${failures.length} failure${failures.length === 1 ? '' : 's'}:`);
    for (const f of failures) {
      lines.push(`  [${f.id} ${f.kind}] ${f.before ? `(after "${f.before}") ` : ''}${f.question}`);
      if (f.expected.length > 0) lines.push(`      expected: ${f.expected.map((e) => JSON.stringify(e)).join(' or ')}`);
      lines.push(`      got:      ${f.got}`);
      lines.push(`      why:      ${f.reason}`);
    }
  }
  return lines;
}
