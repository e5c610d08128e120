import { FACT_KEY_MAX_CHARS, type Task, type TaskPriority, type TaskType } from '@helixis/contract';
import { contentWords, questionKey } from '@helixis/domain';
import * as repo from '../../db/work-items';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import { addRegressionQuestion } from '../assistants';
import { resolveConflictOfTask, upsertFact } from '../facts';

export function toTask(row: repo.TaskRow): Task {
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    task_type: row.taskType,
    due_date: row.dueDate,
    assigned_to: row.assignedTo,
    question: row.question,
    thread_id: row.threadId,
    answer: row.answer,
    fact_id: row.factId,
    completed_at: iso(row.completedAt),
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

export const listTasks: EndpointHandler<'listTasks'> = async ({ ctx, input }) => {
  const assignedTo = input.assigned_to === 'me' ? ctx.user.id : input.assigned_to;
  const rows = await ctx.tenant((tx) =>
    repo.listTasks(tx, ctx.workspace.id, {
      status: input.status,
      assignedTo,
      mineAndPendingFor: input.view === 'mine_and_pending' ? ctx.user.id : undefined,
    }),
  );
  return { tasks: rows.map(toTask) };
};

export interface QuestionTaskInput {
  question: string;
  /** What the assistant answered, and what it looked at. */
  attemptedAnswer: string;
  sourcesConsulted: string[];
  threadId: string | null;
  sensitive: boolean;
  confidence: number;
  /** Who asked (default: a team member in the assistant chat or the extension). */
  askedBy?: 'team' | 'website visitor' | 'resident';
}

const ASKED_BY: Record<NonNullable<QuestionTaskInput['askedBy']>, string> = {
  team: 'A team member asked the assistant',
  'website visitor': 'A visitor of your website asked the chat widget',
  resident: 'A resident asked',
};

const TITLE_MAX = 120;

/**
 * Hands a question to a person. One open task per question: asking the same
 * thing again while it is open returns the existing task. Assigned to the workspace owner; due in 2 days.
 */
export async function createTaskForQuestion(
  ctx: WorkspaceContext,
  input: QuestionTaskInput,
): Promise<{ task: Task; created: boolean }> {
  const key = questionKey(input.question);
  const title = `Answer: ${input.question.length > TITLE_MAX ? `${input.question.slice(0, TITLE_MAX - 1)}…` : input.question}`;
  const consulted = input.sourcesConsulted.length > 0 ? input.sourcesConsulted.join(', ') : 'none';
  const description = [
    `${ASKED_BY[input.askedBy ?? 'team']}: "${input.question}"`,
    `The assistant was not sure (confidence ${Math.round(input.confidence * 100)}%${input.sensitive ? '; the question touches a legal, medical, financial, contract or liability matter' : ''}).`,
    `Sources consulted: ${consulted}.`,
    'Complete this task with the answer: the assistant will remember it and use it next time.',
  ].join('\n');
  const priority: TaskPriority = input.sensitive ? 'high' : 'medium';
  const taskType: TaskType = input.sensitive ? 'sensitive_question' : 'unanswered_question';
  const due = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  return ctx.tenant(async (tx) => {
    const existing = await repo.findOpenTaskForQuestion(tx, ctx.workspace.id, key);
    if (existing) return { task: toTask(existing), created: false };
    const owner = await repo.workspaceOwner(tx, ctx.workspace.id);
    const row = await repo.insertTask(tx, ctx.workspace.id, {
      title,
      description,
      status: 'pending',
      priority,
      taskType,
      dueDate: due,
      assignedTo: owner,
      // Work no signed-in user started (the website widget) is attributed to nobody.
      createdBy: ctx.user.id || null,
      question: input.question,
      questionKey: key,
      threadId: input.threadId,
    });
    const task = row ?? (await repo.findOpenTaskForQuestion(tx, ctx.workspace.id, key));
    if (!task) throw new AppError('conflict');
    return { task: toTask(task), created: row !== undefined };
  });
}

/** A fact key for a taught answer: the question's content words ("Are dogs allowed?" → dogs_allowed). */
export function factKeyForQuestion(question: string): string {
  const key = contentWords(question)
    .join('_')
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, FACT_KEY_MAX_CHARS);
  return /[a-z]/.test(key) ? key : 'team_answer';
}

/**
 * Moves a task. Completed stamps completed_at, any other status clears it. Completing
 * with an answer teaches the assistant: the answer becomes a fact (source conversation, provenance
 * naming the task), used and cited for the next similar question.
 */
export const updateTask: EndpointHandler<'updateTask'> = async ({ ctx, input }) => {
  const { id, status, assigned_to, priority, due_date, answer } = input;
  const current = await ctx.tenant(async (tx) => {
    const row = await repo.findTask(tx, ctx.workspace.id, id);
    if (!row) throw new AppError('task_not_found');
    if (assigned_to && !(await repo.isMember(tx, ctx.workspace.id, assigned_to))) {
      throw new AppError('validation_failed', {
        userMessage: 'assigned_to: the assignee is not a member of this workspace.',
      });
    }
    return row;
  });
  const nextStatus = status ?? current.status;
  if (answer !== undefined && nextStatus !== 'completed') {
    throw new AppError('validation_failed', { userMessage: 'An answer can only be given when completing the task.' });
  }
  if (current.taskType === 'fact_conflict' && nextStatus === 'completed' && current.status !== 'completed') {
    // Two sources disagreed (decision 035): the answer (or, marked done, the value answered from now)
    // settles the fact, closes the task and joins the regression set, all in one transaction.
    if (await resolveConflictOfTask(ctx, current.id, answer ?? null)) {
      const settled = await ctx.tenant((tx) => repo.findTask(tx, ctx.workspace.id, id));
      if (!settled) throw new AppError('task_not_found');
      return { task: toTask(settled) };
    }
  }
  let factId = current.factId;
  if (answer !== undefined && current.taskType !== 'fact_conflict') {
    // Learned outside the task transaction: the facts feature runs its own.
    const question = current.question ?? current.title;
    const fact = await upsertFact(ctx, {
      key: factKeyForQuestion(question),
      value: answer,
      source: 'conversation',
      confidence: 95,
      provenance: {
        type: 'task',
        source: `task:${current.id}`,
        timestamp: new Date().toISOString(),
        method: 'task_answer',
        context: question.slice(0, 500),
      },
    });
    factId = fact.id;
  }
  const patch: Parameters<typeof repo.updateTask>[3] = {};
  if (status !== undefined && status !== current.status) {
    patch.status = status;
    patch.completedAt = status === 'completed' ? new Date().toISOString() : null;
  }
  if (assigned_to !== undefined) patch.assignedTo = assigned_to;
  if (priority !== undefined) patch.priority = priority;
  if (due_date !== undefined) patch.dueDate = due_date;
  if (answer !== undefined) {
    patch.answer = answer;
    patch.factId = factId;
  }
  const row = await ctx.tenant((tx) => repo.updateTask(tx, ctx.workspace.id, id, patch));
  if (!row) throw new AppError('task_not_found');
  if (answer !== undefined && row.status === 'completed' && row.taskType !== 'fact_conflict') {
    // The question and the person's answer become a regression question for Apply to Live (decision 035).
    await addRegressionQuestion(ctx, {
      taskId: row.id,
      question: row.question ?? row.title,
      expectedAnswer: answer,
      factId: factId && /^[0-9a-f-]{36}$/i.test(factId) ? factId : null,
    });
  }
  return { task: toTask(row) };
};
