import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth-context';

function SignedInActions() {
  const { signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <span className="hidden font-medium text-sm sm:inline">Welcome back</span>
      {/* Signed-in visitors go through the auth-redirect check, which forwards to the app. */}
      <Button asChild size="sm" variant="secondary">
        <Link to="/auth-redirect?next=%2Fget-started">Open app</Link>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void signOut();
        }}
      >
        <LogOut aria-hidden="true" />
        Sign Out
      </Button>
    </div>
  );
}

/** Sticky header: brand, section links and the visitor's or the signed-in user's actions. */
export function LandingHeader({ onSignUp }: { onSignUp: () => void }) {
  const { authReady, user } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <BrandLogo />
        </Link>
        <nav aria-label="Sections" className="hidden items-center gap-6 text-muted-foreground text-sm md:flex">
          <a
            className="rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            href="#why"
          >
            Why Helixis
          </a>
          <a
            className="rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            href="#features"
          >
            Features
          </a>
          <a
            className="rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            href="#faq"
          >
            FAQ
          </a>
        </nav>
        {!authReady ? (
          <div className="h-8 w-40" aria-hidden="true" />
        ) : user ? (
          <SignedInActions />
        ) : (
          <div className="flex items-center gap-2">
            <Button asChild size="sm" variant="ghost">
              <Link to="/signin">Login</Link>
            </Button>
            <Button size="sm" onClick={onSignUp}>
              Sign Up
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}
