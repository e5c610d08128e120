import { SIGNUP_MARKER_WINDOW_MS } from '@helixis/contract';
import { Info } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { authClient } from '../../../lib/auth-client';
import { useAuth } from '../../../lib/auth-context';
import { signedUpWithin } from '../../../lib/auth-storage';
import { safeNextPath } from '../../../lib/safe-next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthForm } from '../components/auth-form';
import { AuthSidePanel } from '../components/auth-side-panel';
import { CheckEmailPanel } from '../components/check-email-panel';
import { EmailRequestPanel } from '../components/email-request-panel';
import { type AuthMode, isAuthMode, signInReasons } from '../sign-in-reasons';
import { AFTER_SIGN_IN, AFTER_SIGN_UP, useAuthSubmit } from '../use-auth-submit';

/** /signin, /auth and /signup: one screen with Sign In and Sign Up tabs. */
export function SignInPage({ defaultMode = 'signin' }: { defaultMode?: AuthMode }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const modeParam = params.get('mode');
  const mode: AuthMode = isAuthMode(modeParam) ? modeParam : defaultMode;
  const next = safeNextPath(params.get('next') ?? params.get('redirect'));
  const reason = signInReasons[params.get('reason') ?? ''];
  const wantsSignOut = params.get('signout') === 'true';
  const wantsClear = params.get('clearauth') === 'true';
  // view=forgot: "Forgot password?"; view=link: "Email me a sign-in link".
  const viewParam = params.get('view');
  const view = viewParam === 'forgot' || viewParam === 'link' ? viewParam : null;
  const showView = (value: 'forgot' | 'link' | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set('view', value);
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  const requestMail = async (kind: 'forgot' | 'link', email: string): Promise<string | null> => {
    const origin = globalThis.location.origin;
    const { error } =
      kind === 'forgot'
        ? await authClient.resetPasswordForEmail(email, { redirectTo: `${origin}/reset-password` })
        : await authClient.signInWithOtp({
            email,
            options: {
              shouldCreateUser: false,
              emailRedirectTo: `${origin}/auth-redirect?next=${encodeURIComponent(next ?? AFTER_SIGN_IN)}`,
            },
          });
    // An address without an account gets the same answer as one with (otp_disabled stays unsaid).
    if (!error || error.code === 'otp_disabled') return null;
    if (error.code === 'over_email_send_rate_limit')
      return 'A mail was just sent to this address. Please wait a minute before asking again.';
    return error.message;
  };

  const submit = useAuthSubmit(next);
  const [resetting, setResetting] = useState(wantsSignOut || wantsClear);
  useDocumentTitle(mode === 'signup' ? 'Sign up' : 'Sign in');

  // signout=true / clearauth=true: end the old session first, then drop the flags from the address.
  const resetStarted = useRef(false);
  useEffect(() => {
    if (!(wantsSignOut || wantsClear) || resetStarted.current) return;
    resetStarted.current = true;
    const reset = wantsSignOut ? auth.signOut({ redirectTo: false }) : auth.clearAuth();
    void reset.finally(() => {
      setParams(
        (current) => {
          const cleaned = new URLSearchParams(current);
          cleaned.delete('signout');
          cleaned.delete('clearauth');
          return cleaned;
        },
        { replace: true },
      );
      setResetting(false);
    });
  }, [wantsSignOut, wantsClear, auth, setParams]);

  const selectMode = (value: string) => {
    if (!isAuthMode(value)) return;
    submit.clearErrors();
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('mode', value);
        return updated;
      },
      { replace: true },
    );
  };

  // Back from a sign-up moments ago (e.g. the same tab after the session arrived): continue onboarding.
  const freshSignUp = auth.user !== null && signedUpWithin(SIGNUP_MARKER_WINDOW_MS);
  useEffect(() => {
    if (freshSignUp && !submit.working && !resetting) navigate(next ?? AFTER_SIGN_UP, { replace: true });
  }, [freshSignUp, submit.working, resetting, next, navigate]);

  let body: ReactNode;
  if (resetting || !auth.authReady) {
    body = <PageStatus label={resetting ? 'Signing you out...' : 'Loading'} />;
  } else if (submit.confirmEmailFor) {
    body = (
      <CheckEmailPanel
        email={submit.confirmEmailFor}
        onBack={() => {
          submit.clearConfirmEmail();
          selectMode('signin');
        }}
      />
    );
  } else if (view && mode === 'signin' && !auth.user) {
    body = (
      <EmailRequestPanel
        key={view}
        kind={view}
        onRequest={(email) => requestMail(view, email)}
        onBack={() => showView(null)}
      />
    );
  } else if (auth.user && !submit.working) {
    body = (
      <div className="flex flex-col gap-4 text-center">
        <p className="text-sm">
          You are signed in as <span className="font-medium">{auth.user.email}</span>.
        </p>
        <Button asChild size="lg">
          <Link to={next ?? AFTER_SIGN_IN}>Continue</Link>
        </Button>
        <Button variant="outline" onClick={() => void auth.signOut({ redirectTo: false })}>
          Sign in with a different account
        </Button>
      </div>
    );
  } else {
    body = (
      <Tabs value={mode} onValueChange={selectMode}>
        <TabsList aria-label="Sign in or sign up">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <AuthForm mode="signin" onSubmit={submit.signIn} errorMessage={submit.errors.signin} busy={submit.working} />
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => showView('forgot')}>
              Forgot password?
            </Button>
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => showView('link')}>
              Email me a sign-in link
            </Button>
          </div>
        </TabsContent>
        <TabsContent value="signup">
          <AuthForm mode="signup" onSubmit={submit.signUp} errorMessage={submit.errors.signup} busy={submit.working} />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <AuthSidePanel />
      <main className="flex flex-col items-center justify-center gap-6 px-4 py-10">
        <Link
          to="/"
          className="rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:hidden"
        >
          <BrandLogo />
        </Link>
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <CardTitle as="h1" className="text-2xl">
              {mode === 'signup' ? 'Create your account' : 'Welcome back'}
            </CardTitle>
            <CardDescription>
              {mode === 'signup'
                ? 'Start building an assistant that knows your properties.'
                : 'Sign in to continue to your workspace.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {reason ? (
              <Alert variant="info">
                <Info aria-hidden="true" />
                <p>{reason}</p>
              </Alert>
            ) : null}
            {body}
          </CardContent>
        </Card>
        <p className="text-muted-foreground text-sm">
          <Link to="/" className="underline-offset-4 hover:text-foreground hover:underline">
            Back to home
          </Link>
        </p>
      </main>
    </div>
  );
}

export function SignUpPage() {
  return <SignInPage defaultMode="signup" />;
}
