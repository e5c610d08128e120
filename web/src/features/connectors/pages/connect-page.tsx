import { ComingSoonPage } from '../../../components/coming-soon-page';

export function ConnectPage() {
  return <ComingSoonPage title="Connect apps" />;
}
