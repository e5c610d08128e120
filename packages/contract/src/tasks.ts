import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { FACT_VALUE_MAX_CHARS } from './facts';
import { Uuid } from './workspaces';

/** A task for a human, created when the assistant is unsure. */
export const TaskStatus = z.enum(['pending', 'in_progress', 'completed']);
export type TaskStatus = z.infer<typeof TaskStatus>;
export const TaskPriority = z.enum(['high', 'medium', 'low']);
export type TaskPriority = z.infer<typeof TaskPriority>;
/** Why a task exists: the assistant could not answer, a person filed it, or two sources disagree on a fact (decision 035). */
export const TaskType = z.enum(['unanswered_question', 'sensitive_question', 'follow_up', 'fact_conflict']);
export type TaskType = z.infer<typeof TaskType>;

/** A taught answer becomes a fact value, so it has the fact's limit. */
export const TASK_ANSWER_MAX_CHARS = FACT_VALUE_MAX_CHARS;

export const Task = z.object({
  id: Uuid,
  workspace_id: Uuid,
  title: z.string(),
  description: z.string(),
  status: TaskStatus,
  priority: TaskPriority,
  task_type: TaskType,
  due_date: z.string().nullable(),
  assigned_to: Uuid.nullable(),
  /** The user question that made the assistant unsure (null for tasks filed by hand). */
  question: z.string().nullable(),
  thread_id: Uuid.nullable(),
  /** The human's answer, learned as a fact when the task is completed with it. */
  answer: z.string().nullable(),
  /** The fact the answer became (knowledge fact id), once completed with an answer. */
  fact_id: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Task = z.infer<typeof Task>;

export const ListTasksInput = z
  .object({
    status: TaskStatus.optional(),
    /** A user id, or `me` for the caller. */
    assigned_to: z.union([Uuid, z.literal('me')]).optional(),
    /** Employee dashboard: the caller's assigned tasks plus all pending ones. */
    view: z.enum(['all', 'mine_and_pending']).default('all'),
  })
  .strict();
export type ListTasksInput = z.input<typeof ListTasksInput>;
export const TaskList = z.object({ tasks: z.array(Task) });
export type TaskList = z.infer<typeof TaskList>;

export const UpdateTaskInput = z
  .object({
    id: Uuid,
    status: TaskStatus.optional(),
    assigned_to: Uuid.nullable().optional(),
    priority: TaskPriority.optional(),
    due_date: z.string().date().nullable().optional(),
    answer: z
      .string()
      .trim()
      .min(1, 'The answer cannot be empty.')
      .max(TASK_ANSWER_MAX_CHARS, `The answer can be at most ${TASK_ANSWER_MAX_CHARS} characters.`)
      .optional(),
  })
  .strict();
export type UpdateTaskInput = z.input<typeof UpdateTaskInput>;
export const UpdateTaskOutput = z.object({ task: Task });
export type UpdateTaskOutput = z.infer<typeof UpdateTaskOutput>;

export const taskEndpoints = {
  listTasks: {
    method: 'GET',
    path: '/api/v1/tasks',
    access: 'workspace',
    cachedRead: true,
    summary: "The workspace's tasks, newest first; filter by status and assignee.",
    input: ListTasksInput,
    output: TaskList,
  },
  updateTask: {
    method: 'PATCH',
    path: '/api/v1/tasks/:id',
    access: 'workspace',
    summary:
      'Moves a task (completed_at stamped on completed, cleared otherwise); completing with an answer teaches the assistant.',
    input: UpdateTaskInput,
    output: UpdateTaskOutput,
  },
} as const satisfies Record<string, Endpoint>;
