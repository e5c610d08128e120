import { ComingSoonPage } from '../../../components/coming-soon-page';

export function AutomationsPage() {
  return <ComingSoonPage title="Automations" />;
}
