import { CACHE_TTL, type CacheMode, connectorTexts } from '@helixis/contract';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useCachePolicy, useSaveCachePolicy } from '../api/connectors';
import { formatTtl } from '../lib/catalog-filter';

const MODES: { mode: CacheMode; label: string; note: string }[] = [
  { mode: 'pointer', label: connectorTexts.pointerOnly, note: 'Look records up live in the app every time.' },
  {
    mode: 'facts',
    label: connectorTexts.pointerFacts,
    note: 'Also keep the shared (non-PII) fields as facts until the TTL runs out.',
  },
];

/** Cache Policy: saved at once on selection or when the slider is released; failures are ignored. */
export function CachePolicyTab({ kind }: { kind: string }) {
  const policy = useCachePolicy(kind);
  const save = useSaveCachePolicy(kind);
  const [ttl, setTtl] = useState<number>(CACHE_TTL.default);
  // Read from the server once; afterwards the screen is the source and every change is saved at once.
  const [mode, setMode] = useState<CacheMode>('pointer');
  const loaded = useRef(false);
  // One save in flight at a time, then the newest change: quick changes (arrow keys on the slider) must
  // reach the server in order, or an older value could land last.
  const inFlight = useRef(false);
  const next = useRef<{ mode: CacheMode; ttl_seconds: number | undefined } | null>(null);
  useEffect(() => {
    if (!policy.data || loaded.current) return;
    loaded.current = true;
    setTtl(policy.data.ttl_seconds);
    setMode(policy.data.mode);
  }, [policy.data]);
  if (policy.isPending) return <Spinner label="Loading cache policy..." />;
  const flush = () => {
    const body = next.current;
    if (!body || inFlight.current) return;
    next.current = null;
    inFlight.current = true;
    // A promise, not mutate callbacks: those are skipped when the tab unmounts before the answer.
    void save
      .mutateAsync(body)
      .catch(() => {})
      .finally(() => {
        inFlight.current = false;
        flush();
      });
  };
  const commit = (chosen: CacheMode, seconds?: number) => {
    setMode(chosen);
    next.current = { mode: chosen, ttl_seconds: seconds };
    flush();
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="radiogroup" aria-label="Cache mode" className="flex flex-col gap-2">
        {MODES.map((m) => (
          <label
            key={m.mode}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3',
              mode === m.mode && 'border-primary bg-primary/5',
            )}
          >
            <input
              type="radio"
              name={`cache-mode-${kind}`}
              className="mt-1"
              checked={mode === m.mode}
              onChange={() => commit(m.mode, m.mode === 'facts' ? ttl : undefined)}
            />
            <span>
              <span className="block font-medium text-sm">{m.label}</span>
              <span className="block text-muted-foreground text-xs">{m.note}</span>
            </span>
          </label>
        ))}
      </div>
      {mode === 'facts' && (
        <div className="flex flex-col gap-2">
          <label htmlFor={`ttl-${kind}`} className="flex justify-between font-medium text-sm">
            <span>Keep facts for</span>
            <span data-testid="ttl-value">{formatTtl(ttl)}</span>
          </label>
          <input
            id={`ttl-${kind}`}
            type="range"
            min={CACHE_TTL.min}
            max={CACHE_TTL.max}
            step={CACHE_TTL.step}
            value={ttl}
            onChange={(e) => setTtl(Number(e.target.value))}
            onPointerUp={() => commit('facts', ttl)}
            onKeyUp={() => commit('facts', ttl)}
            className="w-full accent-[var(--color-primary)]"
          />
          <div className="flex justify-between text-muted-foreground text-xs">
            <span>1 hour</span>
            <span>30 days</span>
          </div>
        </div>
      )}
    </div>
  );
}
