import { BRAND_NAME, propertySystemList } from '@helixis/contract';
import { BookOpen, MessagesSquare, Plug } from 'lucide-react';
import { Link } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useAuth } from '../../../lib/auth-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMe, WorkspaceSetupFailedCard } from '../../workspaces';
import { useSetupSteps } from '../api/use-setup-steps';
import { SetupChecklist } from '../components/setup-checklist';

const tours = [
  {
    icon: BookOpen,
    title: 'Teach it your business',
    text: 'Answer three short rounds of questions, upload leases and policies, or point it at your website.',
    to: '/onboarding',
  },
  {
    icon: Plug,
    title: 'Connect your systems',
    text: `${propertySystemList('or')} for rentals and bills; Gmail or Outlook for mail and calendars.`,
    to: '/connect',
  },
  {
    icon: MessagesSquare,
    title: 'Ask it anything',
    text: 'Chat with your assistant. When it is unsure, it creates a task for your team instead of guessing.',
    to: '/chat',
  },
] as const;

/** /welcome: a first look for a new user: what Helixis does for them and where their setup stands. */
export function WelcomePage() {
  useDocumentTitle('Welcome');
  const { user } = useAuth();
  const me = useMe();
  const { steps } = useSetupSteps();

  if (!me.data) {
    if (me.isError) {
      return <WorkspaceSetupFailedCard error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
    }
    return <PageStatus label="Preparing your workspace..." />;
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <header className="space-y-2">
        <p className="font-medium text-primary text-sm">Welcome</p>
        <h1 className="font-semibold text-3xl tracking-tight">Welcome to {BRAND_NAME}</h1>
        <p className="text-muted-foreground">
          {user?.email ?? me.data.user.email}, your workspace {me.data.workspace.name} is ready. {BRAND_NAME} asks
          before it acts and only automates what you approve.
        </p>
      </header>
      <div className="grid gap-4 md:grid-cols-3">
        {tours.map(({ icon: Icon, title, text, to }) => (
          <Link
            key={title}
            to={to}
            className="rounded-xl focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Card className="h-full transition-colors hover:border-primary/40">
              <CardHeader>
                <Icon aria-hidden="true" className="size-5 text-primary" />
                <CardTitle as="h2" className="text-base">
                  {title}
                </CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          </Link>
        ))}
      </div>
      <SetupChecklist steps={steps} />
    </div>
  );
}
