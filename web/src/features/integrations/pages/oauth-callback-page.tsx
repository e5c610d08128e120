import { mailTexts, type OAuthCallback, oauthErrorMessages, toOAuthProvider } from '@helixis/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { oauthCallback } from '../api/mail';
import { providerLabel } from '../provider-label';

type View =
  | { kind: 'working' }
  | { kind: 'done'; text: string; diag: boolean }
  | { kind: 'failed'; text: string; status: number | null };

/**
 * /oauth/{provider}/callback: the provider's redirect lands here; the code and state go to the
 * server, then the browser returns to onboarding with the outcome.
 */
export function OAuthCallbackPage() {
  const { provider = '' } = useParams();
  const label = providerLabel(provider);
  useDocumentTitle(`Connecting ${label}`);
  const { authReady, user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [view, setView] = useState<View>({ kind: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    if (!authReady || sent.current) return;
    sent.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const error = params.get('error');
    if (!user) {
      navigate(`/auth?mode=signup&redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`, {
        replace: true,
      });
      return;
    }
    if (!error && (!code || !state)) {
      navigate('/onboarding?error=missing_oauth_params', { replace: true });
      return;
    }
    const later = (to: string, ms: number) => setTimeout(() => navigate(to, { replace: true }), ms);
    oauthCallback({
      provider,
      code: code ?? undefined,
      state: state ?? undefined,
      error: error ?? undefined,
      diag: params.get('diag') === '1' ? '1' : undefined,
    })
      .then((result: OAuthCallback) => {
        if (result.ok && result.phase === 'TokenExchangeOK') {
          setView({ kind: 'done', text: 'Token exchange succeeded (diagnostic mode).', diag: true });
          later(result.return_to, 3_000);
          return;
        }
        if (result.ok) {
          const title = toOAuthProvider(provider) === 'gmail' ? mailTexts.gmailConnectedToast : `${label} Connected`;
          toast.success(title, { description: result.account_hint ?? undefined, duration: 5_000 });
          setView({ kind: 'done', text: title, diag: false });
          navigate(result.return_to, { replace: true });
          return;
        }
        const text = result.error ?? oauthErrorMessages.oauth_failed;
        toast.error(error ? mailTexts.oauthErrorToast : `${label} connect failed`, {
          description: result.status ? `${text} (status ${result.status})` : text,
          duration: 10_000,
        });
        setView({ kind: 'failed', text, status: result.status });
        later(result.return_to, 3_000);
      })
      .catch((err: unknown) => {
        const text = err instanceof ApiError ? err.message : oauthErrorMessages.unexpected_error;
        toast.error(`${label} connect failed`, { description: text, duration: 10_000 });
        setView({ kind: 'failed', text, status: err instanceof ApiError ? err.status : null });
        later('/onboarding?error=unexpected_error', 2_000);
      });
  }, [authReady, user, provider, label, params, navigate]);

  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      {view.kind === 'working' && <Spinner label={mailTexts.completing(label)} />}
      {view.kind === 'done' && (
        <Alert variant="success" role="status" className="flex-col">
          <p className="font-medium">{view.text}</p>
          {view.diag && <p>Returning to onboarding in 3 seconds...</p>}
        </Alert>
      )}
      {view.kind === 'failed' && (
        <Alert variant="destructive" role="alert" className="flex-col">
          <p className="font-medium">{mailTexts.callbackFailedTitle}</p>
          <p>{view.text}</p>
          <p className="text-muted-foreground">Returning to onboarding...</p>
          <Button size="sm" variant="outline" onClick={() => navigate('/onboarding')}>
            Back to onboarding
          </Button>
        </Alert>
      )}
    </main>
  );
}
