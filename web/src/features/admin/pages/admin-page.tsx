import { ComingSoonPage } from '../../../components/coming-soon-page';

export function AdminPage() {
  return <ComingSoonPage title="Admin" />;
}
