import { ComingSoonPage } from '../../../components/coming-soon-page';

export function WelcomePage() {
  return <ComingSoonPage title="Welcome" />;
}
