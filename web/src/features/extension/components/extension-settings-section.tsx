import { hasRole } from '@helixis/domain';
import { Puzzle } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useBusinessRole } from '../../workspaces/api/use-business-role';
import { AllowedDomainsEditor } from './allowed-domains-editor';
import { DesktopAssistantCard } from './desktop-assistant-card';
import { ExtensionCard } from './extension-card';
import { ExtensionTokensList } from './extension-tokens-list';

/** The Extension section of /settings: extension, allowed domains, tokens, desktop assistant. */
export function ExtensionSettingsSection() {
  const { role } = useBusinessRole();
  return (
    <section className="space-y-4" aria-labelledby="extension-settings-title" data-testid="extension-settings">
      <h2 id="extension-settings-title" className="flex items-center gap-2 font-semibold text-xl tracking-tight">
        <Puzzle aria-hidden="true" className="size-5 text-primary" />
        Extension
      </h2>
      <ExtensionCard />
      <Card>
        <CardHeader>
          <CardTitle as="h3">Extension allowed domains</CardTitle>
          <CardDescription>
            The extension reads page text only on these sites (Gmail, Outlook, Zendesk and Freshdesk by default). A
            wildcard like *.zendesk.com covers every subdomain.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AllowedDomainsEditor canEdit={hasRole(role, 'manager')} />
        </CardContent>
      </Card>
      <DesktopAssistantCard />
      <Card>
        <CardHeader>
          <CardTitle as="h3">Access tokens</CardTitle>
          <CardDescription>
            Tokens used by the extension and the desktop script. Revoking one stops it at once.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ExtensionTokensList />
        </CardContent>
      </Card>
    </section>
  );
}
