import { RECENT_SIGNUP_REDIRECT_MS } from '@helixis/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { consumeRecentSignUp } from '../../../lib/auth-storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DemoChatLauncher } from '../components/demo-chat-launcher';
import { LandingHeader } from '../components/landing-header';
import { LandingHero } from '../components/landing-hero';
import {
  ClosingCallToAction,
  Differentiators,
  Faq,
  FeatureBlocks,
  LandingFooter,
} from '../components/landing-sections';

/** The sign-up dialog (forms, validation) loads when a visitor first asks for it, not with the page. */
const AuthModal = lazy(async () => ({ default: (await import('../components/auth-modal')).AuthModal }));

/** The public landing page. */
export function LandingPage() {
  useDocumentTitle('AI assistants for property managers');
  const navigate = useNavigate();
  const [authOpen, setAuthOpen] = useState(false);
  const [authWanted, setAuthWanted] = useState(false);
  const openAuth = () => {
    setAuthWanted(true);
    setAuthOpen(true);
  };

  // Someone who has just signed up (a flag plus a timestamp within the window) continues onboarding.
  useEffect(() => {
    if (consumeRecentSignUp(RECENT_SIGNUP_REDIRECT_MS)) navigate('/onboarding?step=integrations', { replace: true });
  }, [navigate]);

  return (
    <div className="min-h-svh bg-background">
      <LandingHeader onSignUp={openAuth} />
      <main>
        <LandingHero />
        <Differentiators />
        <FeatureBlocks />
        <Faq />
        <ClosingCallToAction />
      </main>
      <LandingFooter />
      <DemoChatLauncher onSignUp={openAuth} />
      {authWanted ? (
        <Suspense fallback={null}>
          <AuthModal open={authOpen} onOpenChange={setAuthOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
