import type { BusinessRole } from '@helixis/contract';
import { ArrowLeft, Clock, RefreshCw, ShieldAlert } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';

/** Shown when the workspace still is not ready well after the slow-setup notice. */
export function SetupTooLongCard() {
  return (
    <Card role="alert" className="mx-auto w-full max-w-lg">
      <CardHeader>
        <div className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-5 text-warning" />
          <CardTitle>Setup Taking Too Long</CardTitle>
        </div>
        <CardDescription>
          Your workspace is still being prepared. Refresh the page to check again, or continue setting up while it
          finishes.
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex-wrap">
        <Button onClick={() => globalThis.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Refresh Page
        </Button>
        <Button asChild variant="outline">
          <Link to="/get-started">Continue Setup</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** 'Access Restricted' for a user whose business role is below the page's. */
export function AccessRestrictedCard({ role, note }: { role: BusinessRole; note: string }) {
  const navigate = useNavigate();
  // React Router records the history index; without an earlier entry, go to the setup page instead.
  const canGoBack = ((globalThis.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <Card role="alert" className="mx-auto w-full max-w-lg">
      <CardHeader>
        <div className="flex items-center gap-2">
          <ShieldAlert aria-hidden="true" className="size-5 text-destructive" />
          <CardTitle>Access Restricted</CardTitle>
        </div>
        <CardDescription>This page requires {role} permissions to access.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="font-medium text-sm">{note}</p>
      </CardContent>
      <CardFooter>
        <Button variant="outline" onClick={() => (canGoBack ? navigate(-1) : navigate('/get-started'))}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      </CardFooter>
    </Card>
  );
}
