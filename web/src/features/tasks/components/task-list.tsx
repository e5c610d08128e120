import type { TaskStatus } from '@helixis/contract';
import { CheckCircle2, Circle, Clock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { type Task, useTasks, useUpdateTask } from '../api/tasks-api';

const STATUS_LABEL: Record<TaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
};
const STATUS_ICON = { pending: Circle, in_progress: Clock, completed: CheckCircle2 } as const;

function TaskRow({ task }: { task: Task }) {
  const update = useUpdateTask();
  const [answer, setAnswer] = useState('');
  const [answering, setAnswering] = useState(false);
  const Icon = STATUS_ICON[task.status];
  const move = (status: TaskStatus, withAnswer?: string) =>
    update.mutate(
      { id: task.id, status, ...(withAnswer ? { answer: withAnswer } : {}) },
      {
        onSuccess: () => {
          if (withAnswer) {
            toast.success('Answer saved. The assistant will use it from now on.');
            setAnswering(false);
            setAnswer('');
          }
        },
        onError: (err) => toast.error('Update failed', { description: err.message }),
      },
    );
  return (
    <li className="rounded-lg border bg-card p-3" data-testid="task-row">
      <div className="flex items-start gap-2">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-sm">{task.title}</p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
            <Badge variant={task.priority === 'high' ? 'default' : 'secondary'}>{task.priority}</Badge>
            <span>{STATUS_LABEL[task.status]}</span>
            {task.due_date ? <span>· due {task.due_date}</span> : null}
          </div>
          {task.task_type === 'fact_conflict' ? (
            <p className="mt-1 whitespace-pre-line break-words text-muted-foreground text-xs">
              {task.description}{' '}
              <Link to="/facts" className="text-primary underline">
                Open Facts
              </Link>
            </p>
          ) : null}
          {task.answer ? <p className="mt-2 text-sm">Answer: {task.answer}</p> : null}
        </div>
      </div>
      {task.status !== 'completed' ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {task.status === 'pending' ? (
            <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => move('in_progress')}>
              Start
            </Button>
          ) : null}
          {task.question || task.task_type === 'fact_conflict' ? (
            <Button size="sm" variant="outline" onClick={() => setAnswering((v) => !v)}>
              Answer
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => move('completed')}>
            Mark done
          </Button>
        </div>
      ) : (
        <div className="mt-2">
          <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => move('pending')}>
            Reopen
          </Button>
        </div>
      )}
      {answering ? (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (answer.trim()) move('completed', answer.trim());
          }}
        >
          <label className="font-medium text-xs" htmlFor={`answer-${task.id}`}>
            Your answer (the assistant will remember it)
          </label>
          <textarea
            id={`answer-${task.id}`}
            rows={3}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm"
          />
          <Button size="sm" type="submit" disabled={!answer.trim() || update.isPending}>
            {update.isPending ? <Spinner label="Saving" /> : null}
            Complete with answer
          </Button>
        </form>
      ) : null}
    </li>
  );
}

/** The employee dashboard's tasks: the user's assigned tasks plus all pending ones. */
export function TaskList({ limit }: { limit?: number }) {
  const tasks = useTasks({ view: 'mine_and_pending' });
  if (tasks.isPending) return <Spinner label="Loading tasks" />;
  if (tasks.isError) return <p className="text-destructive text-sm">Failed to load tasks: {tasks.error.message}</p>;
  const open = tasks.data.tasks.filter((t) => t.status !== 'completed');
  const shown = limit ? open.slice(0, limit) : open;
  if (shown.length === 0)
    return <p className="text-muted-foreground text-sm">No tasks. The assistant has everything it needs.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {shown.map((task) => (
        <TaskRow key={task.id} task={task} />
      ))}
    </ul>
  );
}
