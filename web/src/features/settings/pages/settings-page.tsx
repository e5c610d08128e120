import { ComingSoonPage } from '../../../components/coming-soon-page';

export function SettingsPage() {
  return <ComingSoonPage title="Settings" />;
}
