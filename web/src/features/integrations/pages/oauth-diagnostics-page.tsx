import { ComingSoonPage } from '../../../components/coming-soon-page';

export function OAuthDiagnosticsPage() {
  return <ComingSoonPage title="OAuth diagnostics" />;
}
