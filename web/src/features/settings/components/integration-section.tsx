import { PROPERTY_PROVIDERS, propertySystemList } from '@helixis/contract';
import { Building2, ChevronRight, Mail, Plug, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

const links = [
  {
    to: '/connect',
    title: 'Business apps',
    description: 'Property, field service, CRM and more from the connector catalogue.',
    icon: Plug,
  },
  {
    to: `/settings/integrations/${PROPERTY_PROVIDERS[0]}`,
    title: 'Property management',
    description: `${propertySystemList('or')}: live rentals, unpaid bills and open tasks.`,
    icon: Building2,
  },
  {
    to: '/integrations/email',
    title: 'E-mail and calendar',
    description: 'Gmail or Microsoft 365, so the assistant learns from your inbox.',
    icon: Mail,
  },
] as const;

/** Settings → One-click integration: every place a connection is made, one click away. */
export function IntegrationSection() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Zap aria-hidden="true" className="size-5 text-primary" />
          One-click integration
        </CardTitle>
        <CardDescription>Connect the tools you already use; your assistant learns from them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-3">
        {links.map(({ to, title, description, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="group flex items-start gap-3 rounded-lg border p-3 transition-colors hover:border-primary/40 focus-visible:outline-none focus-visible:ring-2"
          >
            <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="flex-1">
              <span className="block font-medium text-sm">{title}</span>
              <span className="block text-muted-foreground text-xs">{description}</span>
            </span>
            <ChevronRight aria-hidden className="mt-0.5 size-4 text-muted-foreground" />
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}
