import { workspaceErrors } from '@helixis/contract';
import { ArrowRight, CircleAlert, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { needsSignIn, workspaceErrorMessage } from '../workspace-errors';

interface WorkspaceSetupFailedCardProps {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  /** The onboarding entry's variant: a 'Continue to Onboarding' button that calls this. */
  onContinue?: () => void;
}

/** 'Workspace Setup Failed' with the catalogue's detail message and the ways forward. */
export function WorkspaceSetupFailedCard({
  error,
  onRetry,
  retrying = false,
  onContinue,
}: WorkspaceSetupFailedCardProps) {
  return (
    <Card role="alert" className="mx-auto w-full max-w-lg border-destructive/30">
      <CardHeader>
        <div className="flex items-center gap-2 text-destructive">
          <CircleAlert aria-hidden="true" className="size-5" />
          <CardTitle>{workspaceErrors.title}</CardTitle>
        </div>
        <CardDescription className="text-foreground">{workspaceErrorMessage(error)}</CardDescription>
      </CardHeader>
      <CardContent className="text-muted-foreground text-sm">
        Your account is safe. Trying again usually fixes a setup that was interrupted; the workspace repair on the
        onboarding page recreates anything that is missing.
      </CardContent>
      <CardFooter className="flex-wrap">
        <Button onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          Try Again
        </Button>
        {onContinue ? (
          <Button variant="outline" onClick={onContinue}>
            Continue to Onboarding
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : null}
        {needsSignIn(error) ? (
          <Button asChild variant="outline">
            <Link to="/signin?signout=true&reason=invalid_session">Sign In Again</Link>
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}
