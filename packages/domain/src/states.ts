import type { ServiceState } from '@helixis/contract';

/** The states the profile rules know, in canonical order, with their names. */
export const STATE_NAMES: Readonly<Record<ServiceState, string>> = {
  FL: 'Florida',
  OH: 'Ohio',
  PA: 'Pennsylvania',
  WV: 'West Virginia',
};

const STATE_CODES = Object.keys(STATE_NAMES) as ServiceState[];

/**
 * Codes count only in capitals as whole words ('OH' is a state, 'oh' is not, nor 'pa' in 'pay');
 * names count in any case as whole words ('Virginia' alone is not West Virginia).
 */
const STATE_PATTERNS: readonly { code: ServiceState; pattern: RegExp }[] = STATE_CODES.flatMap((code) => [
  { code, pattern: new RegExp(`\\b${code}\\b`, 'g') },
  { code, pattern: new RegExp(`\\b${STATE_NAMES[code].replace(' ', '\\s+')}\\b`, 'gi') },
]);

/** Each known state mentioned in the text with the position of its first mention. */
export function stateMentions(text: string): { code: ServiceState; index: number }[] {
  const first = new Map<ServiceState, number>();
  for (const { code, pattern } of STATE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const seen = first.get(code);
      if (seen === undefined || match.index < seen) first.set(code, match.index);
    }
  }
  return [...first].map(([code, index]) => ({ code, index }));
}

/** The known states mentioned in the text, in canonical order (FL, OH, PA, WV). */
export function findStates(text: string): ServiceState[] {
  const found = new Set(stateMentions(text).map((m) => m.code));
  return STATE_CODES.filter((code) => found.has(code));
}
