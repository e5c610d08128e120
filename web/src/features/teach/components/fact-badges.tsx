import { CONFIDENCE_TIER_HIGH, CONFIDENCE_TIER_MID } from '@helixis/contract';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import type { Fact } from '../api/facts';

const SOURCE_LABELS: Record<Fact['source'], string> = {
  integration: 'Integration',
  document: 'Document',
  conversation: 'Chat',
  manual: 'Manual',
};

export function SourceBadge({ source }: { source: Fact['source'] }) {
  return <Badge variant="outline">{SOURCE_LABELS[source]}</Badge>;
}

/** Confidence in percent, coloured by the confidence tiers (41 and 76). */
export function ConfidenceBadge({ value }: { value: number }) {
  const tier = value >= CONFIDENCE_TIER_HIGH ? 'high' : value >= CONFIDENCE_TIER_MID ? 'mid' : 'low';
  return (
    <Badge
      variant={tier === 'high' ? 'success' : 'secondary'}
      className={cn(tier === 'low' && 'bg-destructive/10 text-destructive')}
      title="How sure I am"
    >
      {value}%
    </Badge>
  );
}
