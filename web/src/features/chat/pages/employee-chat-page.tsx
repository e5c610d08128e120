import { ComingSoonPage } from '../../../components/coming-soon-page';

export function EmployeeChatPage() {
  return <ComingSoonPage title="Employee chat" />;
}
