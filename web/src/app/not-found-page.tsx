import { House } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../components/brand-logo';
import { Button } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-background px-4 text-center">
      <BrandLogo />
      <p className="font-semibold text-7xl text-primary/80 tracking-tight" aria-hidden="true">
        404
      </p>
      <div className="space-y-2">
        <h1 className="font-semibold text-2xl tracking-tight">Oops! Page not found</h1>
        <p className="max-w-md text-muted-foreground">
          There is no page at <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{location.pathname}</code>. It
          may have moved, or the link may be mistyped.
        </p>
      </div>
      <Button asChild>
        <Link to="/">
          <House aria-hidden="true" />
          Return to home
        </Link>
      </Button>
    </main>
  );
}
