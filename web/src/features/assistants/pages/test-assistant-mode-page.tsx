import { ComingSoonPage } from '../../../components/coming-soon-page';

export function TestAssistantModePage() {
  return <ComingSoonPage title="Test assistant mode" />;
}
