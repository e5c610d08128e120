import { ComingSoonPage } from '../../../components/coming-soon-page';

export function EmailIntegrationsPage() {
  return <ComingSoonPage title="Email integrations" />;
}
