import { ComingSoonPage } from '../../../components/coming-soon-page';

export function DocumentsPage() {
  return <ComingSoonPage title="Documents" />;
}
