import {
  between,
  CITIES,
  type FakeHandlerResult,
  FakeServer,
  FIRST,
  LAST,
  pick,
  type RecordedRequest,
  STREETS,
  seededRandom,
} from '../../integrations/fake-kit';
import type { LocalFake } from '../property-system';

/**
 * A local fake of the AppFolio Reports API v2: `POST /api/v2/reports/{report}.json` with HTTP
 * Basic auth and a JSON filter body answers `{ results, next_page_url }`; further pages are a GET of
 * the absolute next_page_url (same auth) until it is null. Money is sent as strings.
 */

export const FAKE_APPFOLIO_CLIENT_ID = 'fake-appfolio-client';
export const FAKE_APPFOLIO_SECRET = 'fake-appfolio-secret';

export type AppfolioRow = Record<string, string | number | null>;

export interface AppfolioPortfolio {
  property_directory: AppfolioRow[];
  rent_roll: AppfolioRow[];
  tenant_directory: AppfolioRow[];
  work_order: AppfolioRow[];
  delinquency: AppfolioRow[];
}

const dollars = (random: () => number, min: number, max: number) => (min + random() * (max - min)).toFixed(2);

export function seedAppfolioPortfolio(options: { seed?: number; units?: number } = {}): AppfolioPortfolio {
  const random = seededRandom(options.seed ?? 11);
  const target = options.units ?? 520;
  const p: AppfolioPortfolio = {
    property_directory: [],
    rent_roll: [],
    tenant_directory: [],
    work_order: [],
    delinquency: [],
  };
  let id = 5000;
  while (p.rent_roll.length < target) {
    const propertyId = ++id;
    const place = pick(random, CITIES);
    const name = `${pick(random, STREETS)} ${pick(random, ['Court', 'Flats', 'Residences', 'Townhomes'])}`;
    const size = Math.min(between(random, 2, 30), target - p.rent_roll.length);
    p.property_directory.push({
      property_id: propertyId,
      property_name: name,
      property_city: place.City,
      property_state: place.State,
      units: size,
    });
    for (let u = 1; u <= size; u++) {
      const unitId = ++id;
      const status = random() < 0.9 ? (random() < 0.08 ? 'Notice-Unrented' : 'Current') : 'Vacant-Unrented';
      const occupancyId = status === 'Vacant-Unrented' ? null : ++id;
      const tenant = occupancyId ? `${pick(random, FIRST)} ${pick(random, LAST)}` : null;
      p.rent_roll.push({
        property_id: propertyId,
        property_name: name,
        unit: String(100 + u),
        unit_id: unitId,
        status,
        tenant,
        rent: dollars(random, 900, 2300),
        occupancy_id: occupancyId,
      });
      if (occupancyId && tenant) {
        const tenantId = ++id;
        p.tenant_directory.push({
          tenant_id: tenantId,
          tenant,
          email: `${tenant.toLowerCase().replace(/\s+/g, '.')}.${tenantId}@example.com`,
          phone_numbers: `Mobile: (614) 555-${String(tenantId % 10000).padStart(4, '0')}`,
          property_name: name,
          unit: String(100 + u),
          status: 'Current',
          occupancy_id: occupancyId,
        });
        if (random() < 0.1) {
          const a = Number(dollars(random, 20, 800));
          const b = Number(dollars(random, 0, 400));
          p.delinquency.push({
            occupancy_id: occupancyId,
            unit_id: unitId,
            property_name: name,
            tenant_status: 'Current',
            amount_receivable: (a + b).toFixed(2),
            '00_to30': a.toFixed(2),
            '30_to60': b.toFixed(2),
            '60_to90': '0.00',
            '90_plus': '0.00',
          });
        }
      }
    }
  }
  const statuses = ['New', 'Assigned', 'Scheduled', 'Completed', 'Completed', 'Canceled'];
  for (let w = 0; w < Math.round(target * 0.1); w++) {
    const status = pick(random, statuses);
    p.work_order.push({
      work_order_id: ++id,
      work_order_number: `${1000 + w}-1`,
      status,
      priority: pick(random, ['Low', 'Normal', 'Urgent']),
      created_at: '2026-10-01T12:00:00Z',
      completed_on: status === 'Completed' ? '2026-10-05' : null,
      canceled_on: status === 'Canceled' ? '2026-10-03' : null,
      vendor: pick(random, ['Buckeye Plumbing', 'Scioto HVAC', 'Short North Handyman']),
      amount: dollars(random, 60, 1500),
    });
  }
  return p;
}

export interface FakeAppfolioOptions {
  seed?: number;
  units?: number;
  clientId?: string;
  clientSecret?: string;
  /** Rows per page (the real API sends about 5,000). */
  pageSize?: number;
  latencyMs?: number;
}

/** Starts with `await fake.start()`; `fake.portfolio` is what the reports answer from. */
export class FakeAppfolio extends FakeServer {
  readonly portfolio: AppfolioPortfolio;
  clientId: string;
  clientSecret: string;
  pageSize: number;

  constructor(options: FakeAppfolioOptions = {}) {
    super();
    this.portfolio = seedAppfolioPortfolio(options);
    this.clientId = options.clientId ?? FAKE_APPFOLIO_CLIENT_ID;
    this.clientSecret = options.clientSecret ?? FAKE_APPFOLIO_SECRET;
    this.pageSize = options.pageSize ?? 5000;
    this.latencyMs = options.latencyMs ?? 0;
  }

  protected errorBody(status: number): unknown {
    const texts: Record<number, string> = {
      400: 'Bad request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      429: 'Rate limit exceeded',
    };
    return { error: texts[status] ?? 'Internal Server Error' };
  }

  protected handle(req: RecordedRequest, body: string, origin: string): FakeHandlerResult {
    const match = /^\/api\/v2\/reports\/([a-z_]+)\.json$/.exec(req.path);
    const report = match?.[1] as keyof AppfolioPortfolio | undefined;
    if (!report || !(report in this.portfolio)) return { status: 404, body: this.errorBody(404) };
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return { status: 401, body: this.errorBody(401) };
    let page = 1;
    if (req.method === 'POST') {
      try {
        if (body) JSON.parse(body);
      } catch {
        return { status: 400, body: this.errorBody(400) };
      }
    } else if (req.method === 'GET') {
      page = Number(req.query.get('page'));
      if (!Number.isInteger(page) || page < 2 || !req.query.get('metadata_id')) {
        return { status: 400, body: this.errorBody(400) };
      }
    } else {
      return { status: 404, body: this.errorBody(404) };
    }
    const rows = this.portfolio[report];
    const start = (page - 1) * this.pageSize;
    const more = start + this.pageSize < rows.length;
    return {
      status: 200,
      body: {
        results: rows.slice(start, start + this.pageSize),
        next_page_url: more
          ? `${origin}/api/v2/reports/${report}.json?metadata_id=fake-${report}&page=${page + 1}`
          : null,
      },
    };
  }
}

/** `npm run fakes`: a seeded portfolio on port 4520 (FAKE_APPFOLIO_PORT). */
export const localFake: LocalFake = {
  defaultPort: 4520,
  async start(port) {
    const fake = new FakeAppfolio({ seed: 11, units: 520, pageSize: 200 });
    await fake.start(port);
    return {
      stop: () => fake.stop(),
      hostPort: fake.hostPort,
      lines: [
        `Fake AppFolio API   ${fake.url}  (${fake.portfolio.rent_roll.length} units)`,
        `  Host:      ${fake.hostPort}`,
        `  Client ID: ${FAKE_APPFOLIO_CLIENT_ID}`,
        `  Secret:    ${FAKE_APPFOLIO_SECRET}`,
      ],
    };
  },
};
