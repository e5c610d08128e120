import { ComingSoonPage } from '../../../components/coming-soon-page';

export function BasicProfilePage() {
  return <ComingSoonPage title="Business profile" />;
}
