import { assistantMessages } from '@helixis/contract';
import { Bot, CheckCircle2, CircleDashed } from 'lucide-react';
import { Link } from 'react-router';
import { PageStatus } from '../../../components/page-status';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAssistantMode } from '../../profile/api/business-profile';
import { defaultAssistant, useAssistants } from '../api/list-assistants';

/**
 * /create-assistant and /assistants/new. A workspace has one live assistant (the table read is
 * "assistants: read where workspace_id = current workspace (single)"), created with the workspace; so
 * "creating" it means setting it up: this page shows the real assistant and the steps that shape it.
 */
export function CreateAssistantPage() {
  useDocumentTitle('Set up your assistant');
  const assistants = useAssistants();
  const mode = useAssistantMode();
  if (assistants.isPending) return <PageStatus label={assistantMessages.loading} />;
  if (assistants.isError) return <p className="text-destructive">{assistantMessages.testLoadFailed}</p>;
  const assistant = defaultAssistant(assistants.data);
  if (!assistant) return <p className="text-muted-foreground">{assistantMessages.none}</p>;
  const onboarded = mode === 'operational';
  const steps = [
    {
      done: onboarded,
      title: 'Tell it about your business',
      text: onboarded
        ? 'Your business profile is complete; the assistant answers in operational mode.'
        : 'Chat with the assistant: it asks what it still needs to know about your business.',
      to: '/chat',
      action: onboarded ? 'Open chat' : 'Continue in chat',
    },
    {
      done: null,
      title: 'Teach it your documents',
      text: 'Upload leases, handbooks and policies; answers cite them.',
      to: '/documents',
      action: 'Upload documents',
    },
    {
      done: null,
      title: 'Adjust how it answers',
      text: 'Name, description, system prompt, retrieval and temperature.',
      to: '/admin',
      action: 'Open assistant settings',
    },
    {
      done: null,
      title: 'Try changes safely',
      text: 'Edit a test copy, compare it with the live assistant, then apply.',
      to: '/test-assistant',
      action: 'Open test assistant',
    },
  ];
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">Set up your assistant</h1>
        <p className="mt-1 text-muted-foreground">
          Your workspace has one live assistant. Shape it with the steps below.
        </p>
      </div>
      <Card>
        <CardHeader className="flex flex-row items-center gap-3">
          <Bot aria-hidden="true" className="size-8 text-primary" />
          <div>
            <CardTitle as="h2">{assistant.name}</CardTitle>
            <CardDescription>{assistant.description}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-4 text-muted-foreground text-sm">
          <span>Temperature {assistant.temperature.toFixed(1)}</span>
          <span>Retrieval {assistant.use_rag ? 'on' : 'off'}</span>
          <span>{onboarded ? 'Operational mode' : 'Onboarding mode'}</span>
        </CardContent>
      </Card>
      <ol className="flex flex-col gap-3">
        {steps.map((s) => (
          <li key={s.title}>
            <Card>
              <CardContent className="flex flex-wrap items-center justify-between gap-3 py-4">
                <div className="flex items-start gap-3">
                  {s.done === true ? (
                    <CheckCircle2 aria-label="Done" className="mt-0.5 size-5 text-emerald-600" />
                  ) : (
                    <CircleDashed aria-hidden="true" className="mt-0.5 size-5 text-muted-foreground" />
                  )}
                  <div>
                    <p className="font-medium">{s.title}</p>
                    <p className="text-muted-foreground text-sm">{s.text}</p>
                  </div>
                </div>
                <Button asChild variant={s.done === false ? 'default' : 'outline'} size="sm">
                  <Link to={s.to}>{s.action}</Link>
                </Button>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}
