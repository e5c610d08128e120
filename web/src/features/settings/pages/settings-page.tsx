import { Building2, ChevronRight, Plug } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ExtensionSettingsSection } from '../../extension/components/extension-settings-section';
import { ResetOnboardingCard } from '../../onboarding/components/reset-onboarding-card';

const sections = [
  {
    to: '/profile/basic',
    title: 'Business profile',
    description: 'The facts your assistant starts from: name, industry, service area and primary contact.',
    icon: Building2,
  },
  {
    to: '/settings/integrations/buildium',
    title: 'Property management integrations',
    description: 'Connect Buildium or AppFolio so the dashboard shows live rentals, unpaid bills and open tasks.',
    icon: Plug,
  },
] as const;

/** Workspace settings: where each setting lives, and the onboarding reset (doc 1 §4). */
export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="font-semibold text-2xl tracking-tight">Settings</h1>
      <div className="grid gap-4">
        {sections.map(({ to, title, description, icon: Icon }) => (
          <Link key={to} to={to} className="group rounded-xl focus-visible:outline-none focus-visible:ring-2">
            <Card className="transition-colors group-hover:border-primary/40">
              <CardHeader className="flex flex-row items-center gap-4">
                <Icon aria-hidden className="size-5 shrink-0 text-primary" />
                <div className="flex-1">
                  <CardTitle className="text-base">{title}</CardTitle>
                  <CardDescription>{description}</CardDescription>
                </div>
                <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
              </CardHeader>
            </Card>
          </Link>
        ))}
      </div>
      <ExtensionSettingsSection />
      <ResetOnboardingCard />
    </section>
  );
}
