import { ComingSoonPage } from '../../../components/coming-soon-page';

export function FinalDashboardPage() {
  return <ComingSoonPage title="Your AI dashboard" />;
}
