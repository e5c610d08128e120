import { FileText, MessageSquare, Plug, Settings } from 'lucide-react';
import { NavLink } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { cn } from '../../../lib/utils';
import { TaskList } from '../../tasks/components/task-list';
import { ChatView } from '../components/chat-view';

/** 5 tasks are shown under today's tasks. */
const TODAY_TASKS = 5;

const nav = [
  { to: '/employee-chat', label: 'Employee Chat', icon: MessageSquare },
  { to: '/connect', label: 'Connect', icon: Plug },
  { to: '/documents', label: 'Documents', icon: FileText },
  { to: '/settings', label: 'Settings', icon: Settings },
] as const;

/** /employee-chat: icon navigation, the user's assigned tasks plus all pending ones, and the chat. */
export function EmployeeChatPage() {
  useDocumentTitle('Employee Chat');
  return (
    <div className="mx-auto flex min-w-0 max-w-7xl flex-col gap-4 md:flex-row">
      <h1 className="sr-only">Employee Chat</h1>
      <nav aria-label="Employee" className="flex gap-2 self-start rounded-xl border bg-card p-2 md:flex-col">
        {nav.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            title={label}
            aria-label={label}
            className={({ isActive }) =>
              cn(
                'flex size-10 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground',
                isActive && 'bg-accent text-accent-foreground',
              )
            }
          >
            <Icon aria-hidden="true" className="size-5" />
          </NavLink>
        ))}
      </nav>
      <Card className="w-full min-w-0 md:w-80 md:shrink-0 md:self-start">
        <CardHeader>
          <CardTitle as="h2">Today's tasks</CardTitle>
        </CardHeader>
        <CardContent>
          <TaskList limit={TODAY_TASKS} />
        </CardContent>
      </Card>
      <ChatView className="h-[calc(100svh-8rem)] min-w-0 flex-1" />
    </div>
  );
}
