import { ComingSoonPage } from '../../../components/coming-soon-page';

export function TestAssistantPage() {
  return <ComingSoonPage title="Test assistant" />;
}
