import { workspaceErrors } from '@helixis/contract';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';

interface WorkspaceSetupFailedCardProps {
  error: Error;
  onRetry: () => void;
  retrying?: boolean;
}

/** 'Workspace Setup Failed' with the server's message (doc 1 §8) and a way to try again. */
export function WorkspaceSetupFailedCard({ error, onRetry, retrying = false }: WorkspaceSetupFailedCardProps) {
  const sessionProblem = error instanceof ApiError && error.status === 401;
  return (
    <Card role="alert" className="mx-auto w-full max-w-lg border-destructive/30">
      <CardHeader>
        <div className="flex items-center gap-2 text-destructive">
          <CircleAlert aria-hidden="true" className="size-5" />
          <CardTitle>{workspaceErrors.title}</CardTitle>
        </div>
        <CardDescription className="text-foreground">{error.message}</CardDescription>
      </CardHeader>
      <CardContent className="text-muted-foreground text-sm">
        Your account is safe. Trying again usually fixes a setup that was interrupted.
      </CardContent>
      <CardFooter className="flex-wrap">
        <Button onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          Try Again
        </Button>
        {sessionProblem ? (
          <Button asChild variant="outline">
            <Link to="/signin?signout=true&reason=invalid_session">Sign In Again</Link>
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}
