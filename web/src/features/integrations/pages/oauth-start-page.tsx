import { useParams } from 'react-router';
import { ComingSoonPage } from '../../../components/coming-soon-page';
import { providerLabel } from '../provider-label';

export function OAuthStartPage() {
  const { provider } = useParams();
  return <ComingSoonPage title={`${providerLabel(provider)} connection`} />;
}
