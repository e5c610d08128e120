import { mailTexts, toOAuthProvider } from '@helixis/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { oauthStart } from '../api/mail';
import { providerLabel } from '../provider-label';

/** /oauth/{provider}/start: asks the server for the authorization URL and sends the browser there. */
export function OAuthStartPage() {
  const { provider = '' } = useParams();
  const label = providerLabel(provider);
  useDocumentTitle(`Connect ${label}`);
  const { authReady, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!authReady || started.current) return;
    started.current = true;
    if (!user) {
      const here = `${location.pathname}${location.search}`;
      navigate(`/auth?mode=signup&redirect=${encodeURIComponent(here)}`, { replace: true });
      return;
    }
    const oauthProvider = toOAuthProvider(provider);
    if (!oauthProvider) {
      // Only Gmail and Outlook use OAuth; the others connect with an API key on their settings page.
      navigate(`/settings/integrations/${encodeURIComponent(provider)}?error_code=not_oauth_provider`, {
        replace: true,
      });
      return;
    }
    oauthStart({ provider: oauthProvider, return_to: params.get('return_to') ?? '/onboarding' })
      .then(({ authUrl }) => {
        globalThis.location.assign(authUrl);
      })
      .catch((err: unknown) => {
        const message = err instanceof ApiError ? err.message : 'oauth_start_failed';
        const text = mailTexts.startError(oauthProvider, message);
        setFailure(text);
        toast.error(mailTexts.callbackFailedTitle, { description: text, duration: 10_000 });
        setTimeout(() => navigate(`/onboarding?error=${encodeURIComponent(message)}`), 3_000);
      });
  }, [authReady, user, provider, params, navigate, location]);

  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-semibold text-xl tracking-tight">Connecting {label}</h1>
      {failure ? (
        <Alert variant="destructive" role="alert" className="flex-col">
          <p className="font-medium">{mailTexts.callbackFailedTitle}</p>
          <p>{failure}</p>
        </Alert>
      ) : (
        <Spinner label={mailTexts.redirecting(label)} />
      )}
    </div>
  );
}
