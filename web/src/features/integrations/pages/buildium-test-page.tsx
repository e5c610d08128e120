import { ComingSoonPage } from '../../../components/coming-soon-page';

export function BuildiumTestPage() {
  return <ComingSoonPage title="Buildium test panel" />;
}
