import { ComingSoonPage } from '../../../components/coming-soon-page';

export function ChatPage() {
  return <ComingSoonPage title="Chat" />;
}
