import type { ConnectorCatalogEntry, ConnectorCategory } from '@helixis/contract';

export type CategoryFilter = 'All' | ConnectorCategory;

/** Case-insensitive on name, also matching kind; "All" shows every category. */
export function filterCatalog(
  entries: readonly ConnectorCatalogEntry[],
  category: CategoryFilter,
  search: string,
): ConnectorCatalogEntry[] {
  const q = search.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (category === 'All' || e.category === category) &&
      (!q || e.name.toLowerCase().includes(q) || e.kind.toLowerCase().includes(q)),
  );
}

/** TTL seconds as the slider shows it: "1 hour", "5 hours", "2 days 3 hours". */
export function formatTtl(seconds: number): string {
  const hours = Math.round(seconds / 3600);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days === 0) return part(hours, 'hour');
  return rest ? `${part(days, 'day')} ${part(rest, 'hour')}` : part(days, 'day');
}
