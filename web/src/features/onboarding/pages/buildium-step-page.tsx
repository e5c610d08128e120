import { ComingSoonPage } from '../../../components/coming-soon-page';

export function BuildiumStepPage() {
  return <ComingSoonPage title="Connect Buildium" />;
}
