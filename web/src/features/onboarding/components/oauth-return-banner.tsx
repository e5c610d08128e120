import { mailTexts, OAuthErrorCode, oauthErrorMessages } from '@helixis/contract';
import { CheckCircle2, X } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { providerLabel } from '../../integrations/provider-label';

/** A success banner clears after 5 s; an error stays until dismissed so it can be read. */
export const OAUTH_BANNER_MS = 5_000;
const RETURN_PARAMS = ['connected', 'error', 'diag', 'success', 'provider', 'ok', 'reason', 'focus'];

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * What an OAuth return to /onboarding says: ?connected={provider}, ?diag=success,
 * ?success=connected&provider=…, ?provider=gmail&ok=1 or &reason=…, ?error={code or message}.
 */
function outcomeOf(params: URLSearchParams): Outcome | null {
  const provider = params.get('provider');
  const connected = params.get('connected') ?? (params.get('success') === 'connected' ? provider : null);
  if (connected)
    return { ok: true, text: `${providerLabel(connected)} connected. The assistant can now read your mail.` };
  if (params.get('diag') === 'success') {
    return { ok: true, text: 'Diagnostic check passed: the token exchange works. Nothing was stored.' };
  }
  if (provider === 'gmail' && params.get('ok') === '1') return { ok: true, text: mailTexts.gmailConnected };
  if (provider === 'gmail' && params.has('reason')) {
    return { ok: false, text: mailTexts.gmailConnectFailedReason(params.get('reason')) };
  }
  const error = params.get('error');
  if (error) {
    const code = OAuthErrorCode.safeParse(error);
    return {
      ok: false,
      text: `The connection did not complete: ${code.success ? oauthErrorMessages[code.data] : error}`,
    };
  }
  return null;
}

/** The OAuth return banner on /onboarding (every step); dismissing or the 5 s timeout clears the query. */
export function OAuthReturnBanner() {
  const [params, setParams] = useSearchParams();
  const outcome = outcomeOf(params);
  const dismiss = () => {
    const next = new URLSearchParams(params);
    for (const key of RETURN_PARAMS) next.delete(key);
    setParams(next, { replace: true });
  };
  const success = outcome?.ok === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer restarts only when a success arrives
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(dismiss, OAUTH_BANNER_MS);
    return () => clearTimeout(timer);
  }, [success]);
  if (!outcome) return null;
  return (
    <Alert data-testid="oauth-return-banner" variant={outcome.ok ? 'success' : 'destructive'}>
      <div className="flex w-full items-start justify-between gap-3">
        <p>
          {outcome.ok ? <CheckCircle2 aria-hidden="true" className="mr-1 inline size-4 text-success" /> : null}
          {outcome.text}
        </p>
        <Button aria-label="Dismiss" size="icon" variant="ghost" onClick={dismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </Alert>
  );
}
