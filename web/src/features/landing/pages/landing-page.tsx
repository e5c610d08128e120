import { RECENT_SIGNUP_REDIRECT_MS } from '@helixis/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth-context';
import { signedUpWithin } from '../../../lib/auth-storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LandingHeader } from '../components/landing-header';
import { LandingHero } from '../components/landing-hero';
import {
  ClosingCallToAction,
  Differentiators,
  Faq,
  FeatureBlocks,
  LandingFooter,
} from '../components/landing-sections';

/** The public landing page (doc 1 §2). */
export function LandingPage() {
  useDocumentTitle('AI assistants for property managers');
  const { user } = useAuth();
  const navigate = useNavigate();

  // Someone who has just signed up (for example back from the confirmation e-mail) continues onboarding.
  useEffect(() => {
    if (user && signedUpWithin(RECENT_SIGNUP_REDIRECT_MS)) navigate('/onboarding?step=integrations', { replace: true });
  }, [user, navigate]);

  return (
    <div className="min-h-svh bg-background">
      <LandingHeader />
      <main>
        <LandingHero />
        <Differentiators />
        <FeatureBlocks />
        <Faq />
        <ClosingCallToAction />
      </main>
      <LandingFooter />
    </div>
  );
}
