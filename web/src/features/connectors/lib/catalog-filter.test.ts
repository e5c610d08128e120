import type { ConnectorCatalogEntry } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import { filterCatalog, formatTtl } from './catalog-filter';

const entry = (kind: string, name: string, category: ConnectorCatalogEntry['category']): ConnectorCatalogEntry => ({
  kind,
  name,
  category,
  blurb: '',
  logo_url: `/connectors/logos/${kind}.svg`,
  auth: 'api_key',
  status: 'available',
  portal_url: null,
  credential_fields: [],
  fields: [],
});
const all = [
  entry('hubspot', 'HubSpot', 'CRM'),
  entry('quickbooks', 'QuickBooks Online', 'ERP'),
  entry('gmail', 'Gmail', 'Email/Calendar'),
];

describe('filterCatalog', () => {
  it.each([
    ['All', '', ['hubspot', 'quickbooks', 'gmail']],
    ['CRM', '', ['hubspot']],
    ['All', 'HUB', ['hubspot']],
    ['All', 'quickbooks', ['quickbooks']],
    ['All', 'online', ['quickbooks']],
    ['ERP', 'gmail', []],
    ['Retail', '', []],
  ] as const)('category %s, search "%s"', (category, search, kinds) => {
    expect(filterCatalog(all, category, search).map((e) => e.kind)).toEqual(kinds);
  });
});

describe('formatTtl', () => {
  it.each([
    [3600, '1 hour'],
    [7200, '2 hours'],
    [86_400, '1 day'],
    [97_200, '1 day 3 hours'],
    [2_592_000, '30 days'],
  ])('%i s is %s', (seconds, text) => {
    expect(formatTtl(seconds)).toBe(text);
  });
});
