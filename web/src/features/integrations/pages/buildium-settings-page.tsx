import { ComingSoonPage } from '../../../components/coming-soon-page';

export function BuildiumSettingsPage() {
  return <ComingSoonPage title="Buildium settings" />;
}
