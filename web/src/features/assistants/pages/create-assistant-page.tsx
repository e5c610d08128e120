import { ComingSoonPage } from '../../../components/coming-soon-page';

export function CreateAssistantPage() {
  return <ComingSoonPage title="Create an assistant" />;
}
