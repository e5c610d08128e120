import type { Contradiction } from '@helixis/contract';
import { confidenceTier } from '@helixis/domain';
import { TriangleAlert } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** The confidence score with its tier sentence and the contradictions in plain words. */
export function ConfidenceMeter({
  score,
  contradictions,
  className,
}: {
  score: number;
  contradictions: readonly Contradiction[];
  className?: string;
}) {
  const tier = confidenceTier(score);
  const colour = score >= 76 ? 'bg-emerald-500' : score >= 41 ? 'bg-amber-500' : 'bg-rose-500';
  return (
    <section aria-label="Confidence" className={cn('space-y-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-medium text-sm">Confidence</p>
        <p className="font-semibold text-2xl tabular-nums" data-testid="confidence-score">
          {score}
          <span className="font-normal text-muted-foreground text-sm">/100</span>
        </p>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a styled bar; a native <meter> cannot be styled alike in every browser */}
      <div
        role="meter"
        aria-label="Confidence score"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full transition-all', colour)} style={{ width: `${score}%` }} />
      </div>
      <p className="text-muted-foreground text-sm" data-testid="confidence-tier">
        {tier}
      </p>
      {contradictions.length > 0 ? (
        <ul className="space-y-1.5" aria-label="Contradictions">
          {contradictions.map((c) => (
            <li key={c.message} className="flex gap-2 text-amber-700 text-sm dark:text-amber-400">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{c.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
