import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountSection } from '../../account/components/account-section';
import { DataSection } from '../../account/components/data-section';
import { ExtensionSettingsSection } from '../../extension/components/extension-settings-section';
import { TeamSection } from '../../team/components/team-section';
import { BusinessDescriptionSection } from '../components/business-description-section';
import { IntegrationSection } from '../components/integration-section';
import { WidgetAppearanceSection } from '../components/widget-appearance-section';
import { WorkspaceNameSection } from '../components/workspace-name-section';

/** /settings: one component per section, each owning its data, so sections can be added by one line. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="font-semibold text-2xl tracking-tight">Settings</h1>
      <WorkspaceNameSection />
      <IntegrationSection />
      <BusinessDescriptionSection />
      <WidgetAppearanceSection />
      <AccountSection />
      <TeamSection />
      <ExtensionSettingsSection />
      <DataSection />
    </section>
  );
}
