import { ArrowRight, CircleCheck, CircleDashed, CircleHelp } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import { nextStep, type SetupStep, type StepState } from '../lib/setup-steps';

const stateLabel: Record<StepState, string> = { done: 'Done', todo: 'To do', unknown: 'Unknown' };

function StepIcon({ state }: { state: StepState }) {
  if (state === 'done') return <CircleCheck aria-hidden="true" className="size-5 text-success" />;
  if (state === 'todo') return <CircleDashed aria-hidden="true" className="size-5 text-primary" />;
  return <CircleHelp aria-hidden="true" className="size-5 text-muted-foreground" />;
}

/** The setup status of /get-started: a progress bar, each step with its state, and the next step. */
export function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  const done = steps.filter((s) => s.state === 'done').length;
  const percent = Math.round((done / steps.length) * 100);
  const next = nextStep(steps);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Setup progress</CardTitle>
          <CardDescription>
            {done} of {steps.length} steps done
          </CardDescription>
          <div
            role="progressbar"
            aria-label="Setup progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-2 h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        </CardHeader>
        <CardContent>
          <ol aria-label="Setup steps" className="divide-y">
            {steps.map((step) => (
              <li key={step.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <StepIcon state={step.state} />
                <div className="min-w-0 flex-1">
                  <p className={cn('font-medium text-sm', step.state === 'done' && 'text-muted-foreground')}>
                    {step.title}
                  </p>
                  <p className="text-muted-foreground text-sm">{step.detail}</p>
                </div>
                <span className="shrink-0 text-muted-foreground text-xs">{stateLabel[step.state]}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <Card className="self-start border-primary/30 bg-accent/50">
        <CardHeader>
          <p className="font-medium text-primary text-sm">Next step</p>
          <CardTitle as="h2">{next ? next.title : 'You are all set'}</CardTitle>
          <CardDescription>
            {next ? next.detail : 'Your assistant knows your business and your systems are connected.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild size="lg">
            <Link to={next ? next.action.to : '/final-dashboard'}>
              {next ? next.action.label : 'Open dashboard'}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
