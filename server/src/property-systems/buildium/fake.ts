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
import type {
  BuildiumAssociation,
  BuildiumBalance,
  BuildiumBill,
  BuildiumRental,
  BuildiumTask,
  BuildiumUnit,
} from './client';

/**
 * A local fake of the Buildium Open API v1 for tests and try-outs: the real paths, the
 * x-buildium-client-id / x-buildium-client-secret headers, limit/offset paging with X-Total-Count,
 * array filters as repeated parameters, and errors in Buildium's shape
 * `{ UserMessage, ErrorCode, Errors: [{ Key, Value }] }` (400/401/403/404/429/5xx, slow answers).
 */

export const FAKE_BUILDIUM_CLIENT_ID = 'fake-buildium-client';
export const FAKE_BUILDIUM_SECRET = 'fake-buildium-secret';

export interface BuildiumLease {
  Id: number;
  PropertyId: number;
  UnitId: number;
  UnitNumber?: string;
  LeaseFromDate: string;
  LeaseToDate: string;
  LeaseStatus: 'Active' | 'Past' | 'Future';
  Tenants: { Id: number; Status: string }[];
}
export interface BuildiumTenant {
  Id: number;
  FirstName: string;
  LastName: string;
  Email: string;
  PhoneNumbers: { Number: string; Type: string }[];
}
export interface BuildiumWorkOrder {
  Id: number;
  Title: string;
  Status: 'New' | 'InProgress' | 'Completed' | 'Deferred' | 'Closed';
  Priority: string;
  Amount: number;
}

export interface BuildiumPortfolio {
  rentals: BuildiumRental[];
  units: BuildiumUnit[];
  associations: BuildiumAssociation[];
  leases: BuildiumLease[];
  tenants: BuildiumTenant[];
  associationTenants: BuildiumTenant[];
  workOrders: BuildiumWorkOrder[];
  tasks: (BuildiumTask & { TaskStatus: string })[];
  bills: BuildiumBill[];
  leaseBalances: (BuildiumBalance & { LeaseId: number; PropertyId: number; UnitId: number })[];
  associationBalances: (BuildiumBalance & { OwnershipAccountId: number; AssociationId: number })[];
}

export interface SeedOptions {
  seed?: number;
  /** Target number of rental units (spread over properties of 1-24 units). Default 640. */
  units?: number;
  associations?: number;
  /** Bills in all (about 30% unpaid). Default: 0.45 per unit. */
  bills?: number;
}

const money = (random: () => number, min: number, max: number) =>
  Math.round((min + random() * (max - min)) * 100) / 100;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A realistic portfolio: Ohio rentals (many in Columbus), associations, leases, unpaid bills, open tasks. */
export function seedBuildiumPortfolio(options: SeedOptions = {}): BuildiumPortfolio {
  const random = seededRandom(options.seed ?? 42);
  const targetUnits = options.units ?? 640;
  const p: BuildiumPortfolio = {
    rentals: [],
    units: [],
    associations: [],
    leases: [],
    tenants: [],
    associationTenants: [],
    workOrders: [],
    tasks: [],
    bills: [],
    leaseBalances: [],
    associationBalances: [],
  };
  let id = 1000;
  const next = () => ++id;
  const today = new Date(Date.UTC(2026, 10, 1));
  const person = (): BuildiumTenant => {
    const first = pick(random, FIRST);
    const last = pick(random, LAST);
    return {
      Id: next(),
      FirstName: first,
      LastName: last,
      Email: `${first}.${last}${between(random, 1, 999)}@example.com`.toLowerCase(),
      PhoneNumbers: [{ Number: `(614) 555-${String(between(random, 0, 9999)).padStart(4, '0')}`, Type: 'Cell' }],
    };
  };

  while (p.units.length < targetUnits) {
    const place = pick(random, CITIES);
    const size = Math.min(between(random, 1, 24), targetUnits - p.units.length);
    const active = random() > 0.05;
    const rental: BuildiumRental = {
      Id: next(),
      Name: `${between(random, 10, 9900)} ${pick(random, STREETS)} ${size > 4 ? 'Apartments' : 'Homes'}`,
      NumberUnits: size,
      IsActive: active,
      RentalType: size > 4 ? 'Residential' : 'SingleFamily',
      Address: {
        AddressLine1: `${between(random, 10, 9900)} ${pick(random, STREETS)} St`,
        ...place,
        Country: 'UnitedStates',
      },
    };
    p.rentals.push(rental);
    for (let u = 1; u <= size; u++) {
      const occupied = active && random() < 0.92;
      const unit: BuildiumUnit = {
        Id: next(),
        PropertyId: rental.Id,
        UnitNumber: size > 1 ? `${Math.ceil(u / 8)}${String(u).padStart(2, '0')}` : '1',
        MarketRent: money(random, 850, 2450),
        IsUnitOccupied: occupied,
      };
      p.units.push(unit);
      if (occupied) {
        const tenants = Array.from({ length: between(random, 1, 2) }, person);
        p.tenants.push(...tenants);
        const from = new Date(today.getTime() - between(random, 30, 700) * 86_400_000);
        const lease: BuildiumLease = {
          Id: next(),
          PropertyId: rental.Id,
          UnitId: unit.Id,
          UnitNumber: unit.UnitNumber,
          LeaseFromDate: isoDate(from),
          LeaseToDate: isoDate(new Date(from.getTime() + 365 * 86_400_000)),
          LeaseStatus: 'Active',
          Tenants: tenants.map((t) => ({ Id: t.Id, Status: 'Active' })),
        };
        p.leases.push(lease);
        if (random() < 0.12) {
          p.leaseBalances.push({
            LeaseId: lease.Id,
            PropertyId: rental.Id,
            UnitId: unit.Id,
            TotalBalance: money(random, 25, 3200),
          });
        }
      }
      if (random() < 0.3) {
        const from = new Date(today.getTime() - between(random, 800, 1500) * 86_400_000);
        p.leases.push({
          Id: next(),
          PropertyId: rental.Id,
          UnitId: unit.Id,
          UnitNumber: unit.UnitNumber,
          LeaseFromDate: isoDate(from),
          LeaseToDate: isoDate(new Date(from.getTime() + 365 * 86_400_000)),
          LeaseStatus: 'Past',
          Tenants: [],
        });
      }
    }
  }

  const associationCount = options.associations ?? 6;
  for (let a = 0; a < associationCount; a++) {
    const place = pick(random, CITIES);
    const association: BuildiumAssociation = {
      Id: next(),
      Name: `${pick(random, STREETS)} ${pick(random, ['Commons', 'Village', 'Heights', 'Landing'])} HOA`,
      IsActive: a < associationCount - 1,
      Address: { AddressLine1: `${between(random, 100, 900)} ${pick(random, STREETS)} Ave`, ...place },
    };
    p.associations.push(association);
    const owners = between(random, 12, 40);
    for (let o = 0; o < owners; o++) {
      p.associationTenants.push(person());
      if (random() < 0.15) {
        p.associationBalances.push({
          OwnershipAccountId: next(),
          AssociationId: association.Id,
          TotalBalance: money(random, 40, 900),
        });
      }
    }
  }

  const workOrderCount = Math.max(10, Math.round(p.units.length * 0.12));
  const titles = [
    'Leaking faucet',
    'HVAC not cooling',
    'Broken window latch',
    'Pest control',
    'Clogged drain',
    'Smoke detector chirping',
  ];
  const woStatuses = ['New', 'InProgress', 'Completed', 'Completed', 'Closed', 'Deferred'] as const;
  for (let w = 0; w < workOrderCount; w++) {
    p.workOrders.push({
      Id: next(),
      Title: pick(random, titles),
      Status: pick(random, woStatuses),
      Priority: pick(random, ['Low', 'Normal', 'High']),
      Amount: money(random, 60, 1400),
    });
  }
  const taskCount = Math.max(12, Math.round(p.units.length * 0.08));
  const taskTitles = [
    'Call back about lease renewal',
    'Schedule move-out inspection',
    'Owner asked for statement',
    'Resident parking request',
  ];
  for (let t = 0; t < taskCount; t++) {
    p.tasks.push({
      Id: next(),
      Title: pick(random, taskTitles),
      TaskStatus: pick(random, ['New', 'InProgress', 'Completed', 'Completed', 'Deferred', 'Closed']),
      TaskType: pick(random, ['ContactRequest', 'ResidentRequest', 'Todo', 'RentalOwnerRequest']),
      Priority: pick(random, ['Low', 'Normal', 'High']),
    });
  }
  const billCount = options.bills ?? Math.max(20, Math.round(p.units.length * 0.45));
  for (let b = 0; b < billCount; b++) {
    const paid = random() < 0.7;
    const due = new Date(today.getTime() + between(random, -60, 45) * 86_400_000);
    p.bills.push({
      Id: next(),
      DueDate: isoDate(due),
      PaidDate: paid ? isoDate(new Date(due.getTime() - 86_400_000)) : null,
      Lines: Array.from({ length: between(random, 1, 3) }, () => ({ Amount: money(random, 18, 2400) })),
    });
  }
  return p;
}

/** The view permission each path needs (Buildium's read-only key settings). */
const PERMISSIONS: Record<string, string> = {
  '/v1/rentals': 'rentals',
  '/v1/rentals/units': 'rentals',
  '/v1/associations': 'associations',
  '/v1/associations/tenants': 'associations',
  '/v1/associations/ownershipaccounts/outstandingbalances': 'association-balances',
  '/v1/leases': 'leases',
  '/v1/leases/tenants': 'tenants',
  '/v1/leases/outstandingbalances': 'outstanding-balances',
  '/v1/workorders': 'workorders',
  '/v1/tasks': 'tasks',
  '/v1/bills': 'bills',
};

export interface FakeBuildiumOptions extends SeedOptions {
  clientId?: string;
  clientSecret?: string;
  /** Permissions the key lacks (values of the map above): their paths answer 403. */
  denied?: string[];
  latencyMs?: number;
  portfolio?: BuildiumPortfolio;
}

function errorBody(status: number, message?: string) {
  const texts: Record<number, [string, string]> = {
    400: ['BadRequest', 'The request is invalid.'],
    401: ['Unauthorized', 'The client ID or secret is not valid.'],
    403: ['Forbidden', 'The API key does not have permission to access this resource.'],
    404: ['NotFound', 'The requested resource was not found.'],
    429: ['TooManyRequests', 'Too many requests. Please retry later.'],
  };
  const [code, text] = texts[status] ?? ['InternalServerError', 'An unexpected error occurred.'];
  return { UserMessage: message ?? text, ErrorCode: code, Errors: [] as { Key: string; Value: string }[] };
}

/** Starts with `await fake.start()`; `fake.portfolio` is the seeded data the answers come from. */
export class FakeBuildium extends FakeServer {
  readonly portfolio: BuildiumPortfolio;
  clientId: string;
  clientSecret: string;
  denied: Set<string>;

  constructor(options: FakeBuildiumOptions = {}) {
    super();
    this.portfolio = options.portfolio ?? seedBuildiumPortfolio(options);
    this.clientId = options.clientId ?? FAKE_BUILDIUM_CLIENT_ID;
    this.clientSecret = options.clientSecret ?? FAKE_BUILDIUM_SECRET;
    this.denied = new Set(options.denied ?? []);
    this.latencyMs = options.latencyMs ?? 0;
  }

  protected errorBody(status: number): unknown {
    return errorBody(status);
  }

  protected handle(req: RecordedRequest): FakeHandlerResult {
    if (req.method !== 'GET') return { status: 404, body: errorBody(404) };
    if (
      req.headers['x-buildium-client-id'] !== this.clientId ||
      req.headers['x-buildium-client-secret'] !== this.clientSecret
    ) {
      return { status: 401, body: errorBody(401) };
    }
    // One tenant by id (GET /v1/leases/tenants/{tenantId}).
    const tenantById = /^\/v1\/leases\/tenants\/(\d+)$/.exec(req.path);
    if (tenantById) {
      if (this.denied.has('tenants')) return { status: 403, body: errorBody(403) };
      const tenant = this.portfolio.tenants.find((t) => t.Id === Number(tenantById[1]));
      return tenant ? { status: 200, body: tenant } : { status: 404, body: errorBody(404) };
    }
    const permission = PERMISSIONS[req.path];
    if (!permission) return { status: 404, body: errorBody(404) };
    if (this.denied.has(permission)) return { status: 403, body: errorBody(403) };

    const q = req.query;
    const limit = q.has('limit') ? Number(q.get('limit')) : 50;
    const offset = q.has('offset') ? Number(q.get('offset')) : 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000 || !Number.isInteger(offset) || offset < 0) {
      return {
        status: 400,
        body: {
          ...errorBody(400, 'The request has validation errors.'),
          Errors: [{ Key: 'limit', Value: 'Limit must be between 1 and 1000.' }],
        },
      };
    }
    const rows = this.#rows(req.path, q);
    return {
      status: 200,
      body: rows.slice(offset, offset + limit),
      headers: { 'x-total-count': String(rows.length) },
    };
  }

  #rows(path: string, q: URLSearchParams): unknown[] {
    const p = this.portfolio;
    const statuses = q.getAll('statuses');
    const byStatus = <T>(rows: T[], field: (row: T) => string | undefined) =>
      statuses.length ? rows.filter((r) => statuses.includes(field(r) ?? '')) : rows;
    const activeFilter = <T extends { IsActive?: boolean }>(rows: T[]) => {
      const status = q.get('status');
      if (status === 'Active') return rows.filter((r) => r.IsActive);
      if (status === 'InActive') return rows.filter((r) => !r.IsActive);
      return rows;
    };
    switch (path) {
      case '/v1/rentals':
        return activeFilter(p.rentals);
      case '/v1/rentals/units':
        return p.units;
      case '/v1/associations':
        return activeFilter(p.associations);
      case '/v1/associations/tenants':
        return p.associationTenants;
      case '/v1/associations/ownershipaccounts/outstandingbalances':
        return p.associationBalances;
      case '/v1/leases': {
        const wanted = q.getAll('leasestatuses');
        return wanted.length ? p.leases.filter((l) => wanted.includes(l.LeaseStatus)) : p.leases;
      }
      case '/v1/leases/tenants': {
        // `email` filters on "contains", as Buildium's tenant listing does.
        const email = q.get('email')?.toLowerCase();
        return email ? p.tenants.filter((t) => t.Email.toLowerCase().includes(email)) : p.tenants;
      }
      case '/v1/leases/outstandingbalances':
        return p.leaseBalances;
      case '/v1/workorders':
        return byStatus(p.workOrders, (w) => w.Status);
      case '/v1/tasks':
        return byStatus(p.tasks, (t) => t.TaskStatus);
      case '/v1/bills': {
        const paid = q.get('paidstatus');
        if (paid === 'Unpaid') return p.bills.filter((b) => !b.PaidDate);
        if (paid === 'Paid') return p.bills.filter((b) => b.PaidDate);
        return p.bills;
      }
      default:
        return [];
    }
  }
}

/** `npm run fakes`: a seeded portfolio on port 4510 (FAKE_BUILDIUM_PORT). */
export const localFake: LocalFake = {
  defaultPort: 4510,
  async start(port) {
    const fake = new FakeBuildium({ seed: 42, units: 640, associations: 6 });
    await fake.start(port);
    return {
      stop: () => fake.stop(),
      hostPort: fake.hostPort,
      lines: [
        `Fake Buildium API   ${fake.url}  (${fake.portfolio.units.length} units, ${fake.portfolio.rentals.length} rentals)`,
        `  Client ID: ${FAKE_BUILDIUM_CLIENT_ID}`,
        `  Secret:    ${FAKE_BUILDIUM_SECRET}`,
        `  Base URL:  ${fake.url}`,
      ],
    };
  },
};
