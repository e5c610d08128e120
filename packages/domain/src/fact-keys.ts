import { ESSENTIAL_FACT_KEYS } from '@helixis/contract';

/** Display names of the essential keys. */
export const ESSENTIAL_LABELS: ReadonlyMap<string, string> = new Map(ESSENTIAL_FACT_KEYS.map((e) => [e.key, e.label]));

/** 'pet_policy' → 'Pet Policy'. */
export function titleCase(snake: string): string {
  return snake
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
