import { Badge } from '../../../components/ui/badge';

/** Above 0.7 default, above 0.4 secondary, otherwise destructive; a rounded percent. */
function confidenceClass(confidence: number): string {
  if (confidence > 0.7) return 'bg-primary text-primary-foreground';
  if (confidence > 0.4) return 'bg-secondary text-secondary-foreground';
  return 'bg-destructive text-destructive-foreground';
}

export function ConfidenceBadge({ confidence }: { confidence: number }) {
  return (
    <Badge className={confidenceClass(confidence)} data-testid="confidence-badge">
      {Math.round(confidence * 100)}%
    </Badge>
  );
}
