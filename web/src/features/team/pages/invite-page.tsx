import { type InvitationPreview, teamMessages } from '@helixis/contract';
import { MailCheck } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useAuth } from '../../../lib/auth-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pendingInvitation, useAcceptInvitation, useInvitationPreview } from '../api/team';

const RETURN_PATH = '/invite';

/** The token of the link (`/invite#<token>`), kept until accepted so sign-in or sign-up can come in between. */
function useInvitationToken(): string | null {
  const [token] = useState(() => {
    const fromLink = globalThis.location.hash.replace(/^#/, '').trim();
    if (fromLink) pendingInvitation.save(fromLink);
    return fromLink || pendingInvitation.read();
  });
  useEffect(() => {
    // Out of the address bar (and so out of history and screenshots) once it is stored.
    if (globalThis.location.hash) globalThis.history.replaceState(null, '', RETURN_PATH);
  }, []);
  return token;
}

const roleText = (role: InvitationPreview['role']) => (role === 'ADMIN' ? 'an admin' : 'a member');

function statusText(preview: InvitationPreview): string | null {
  if (preview.status === 'accepted') return 'This invitation was already accepted.';
  if (preview.status === 'revoked') return 'This invitation was revoked. Ask for a new one.';
  if (preview.status === 'expired') return 'This invitation has expired. Ask for a new one.';
  return null;
}

/** /invite: shows what a team invitation offers and accepts it for the signed-in user. */
export function InvitePage() {
  useDocumentTitle('Invitation');
  const token = useInvitationToken();
  const auth = useAuth();
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();

  const onAccept = () => {
    if (!token) return;
    accept.mutate(token, {
      onSuccess: (result) => {
        pendingInvitation.clear();
        toast.success(teamMessages.accepted(result.workspace.name));
        navigate('/settings', { replace: true });
      },
    });
  };

  let body: ReactNode;
  if (!token) {
    body = <p className="text-destructive text-sm">This invitation link is not valid.</p>;
  } else if (preview.isPending || !auth.authReady) {
    body = <p className="text-muted-foreground text-sm">Loading...</p>;
  } else if (preview.isError) {
    body = <p className="text-destructive text-sm">{preview.error.message}</p>;
  } else {
    const closed = statusText(preview.data);
    const signedInAs = auth.user?.email?.toLowerCase() ?? null;
    const next = encodeURIComponent(RETURN_PATH);
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm">
          {preview.data.invited_by_email ?? 'A colleague'} invited <strong>{preview.data.email}</strong> to join{' '}
          <strong>{preview.data.workspace_name}</strong> as {roleText(preview.data.role)}.
        </p>
        {closed ? <p className="text-destructive text-sm">{closed}</p> : null}
        {!closed && !auth.user ? (
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={`/signin?next=${next}`}>Sign in to accept</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/signup?mode=signup&next=${next}`}>Create an account</Link>
            </Button>
          </div>
        ) : null}
        {!closed && auth.user && signedInAs !== preview.data.email.toLowerCase() ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm">
              You are signed in as <strong>{auth.user.email}</strong>. Sign in as {preview.data.email} to accept.
            </p>
            <div>
              <Button variant="outline" onClick={() => void auth.signOut({ redirectTo: `/signin?next=${next}` })}>
                Sign in with a different account
              </Button>
            </div>
          </div>
        ) : null}
        {!closed && auth.user && signedInAs === preview.data.email.toLowerCase() ? (
          <div>
            <Button onClick={onAccept} disabled={accept.isPending}>
              {accept.isPending ? 'Joining...' : 'Accept invitation'}
            </Button>
          </div>
        ) : null}
        {accept.isError ? <p className="text-destructive text-sm">{accept.error.message}</p> : null}
      </div>
    );
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="flex items-center gap-2 text-xl">
            <MailCheck aria-hidden="true" className="size-5 text-primary" />
            Team invitation
          </CardTitle>
          <CardDescription>Join a workspace on Helixis.</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </main>
  );
}
