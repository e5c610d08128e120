import { type FakeHandlerResult, FakeServer, FIRST, LAST, pick, type RecordedRequest, seededRandom } from '../fake-kit';
import type { HubspotContact } from './client';

/**
 * A local fake of HubSpot's CRM API v3 for tests and try-outs: Bearer private-app token,
 * GET /crm/v3/objects/contacts with `limit`/`after` paging (`paging.next.after`), POST
 * /crm/v3/objects/contacts/search with filterGroups, GET /crm/v3/objects/contacts/{id},
 * GET /account-info/v3/details, and HubSpot's error body {status, message, correlationId, category}.
 */
export const FAKE_HUBSPOT_TOKEN = 'pat-na1-fake-hubspot-token';
export const FAKE_HUBSPOT_PORTAL_ID = 24681357;

function errorBody(status: number, message?: string) {
  const categories: Record<number, [string, string]> = {
    400: ['VALIDATION_ERROR', 'Invalid input JSON.'],
    401: [
      'INVALID_AUTHENTICATION',
      'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
    ],
    403: ['MISSING_SCOPES', 'This app hasn\u2019t been granted all required scopes to make this call.'],
    404: ['OBJECT_NOT_FOUND', 'Resource not found'],
    429: ['RATE_LIMITS', 'You have reached your secondly limit.'],
  };
  const [category, text] = categories[status] ?? ['INTERNAL_ERROR', 'internal error'];
  return { status: 'error', message: message ?? text, correlationId: crypto.randomUUID(), category };
}

export function seedHubspotContacts(count = 40, seed = 7): HubspotContact[] {
  const random = seededRandom(seed);
  const stages = ['subscriber', 'lead', 'marketingqualifiedlead', 'opportunity', 'customer'];
  return Array.from({ length: count }, (_, i) => {
    const first = pick(random, FIRST);
    const last = pick(random, LAST);
    const id = String(51000 + i * 3);
    const created = new Date(Date.UTC(2025, i % 12, 1 + (i % 27))).toISOString();
    return {
      id,
      properties: {
        hs_object_id: id,
        firstname: first,
        lastname: last,
        email: `${first}.${last}.${i}@example.com`.toLowerCase(),
        phone: `+1 614 555 ${String(1000 + i).padStart(4, '0')}`,
        company: `${last} ${pick(random, ['Holdings', 'Realty', 'Services', 'Group'])}`,
        jobtitle: pick(random, ['Owner', 'Property Manager', 'Office Manager', 'Leasing Agent']),
        lifecyclestage: pick(random, stages),
        hs_lead_status: pick(random, ['NEW', 'OPEN', 'IN_PROGRESS', 'CONNECTED']),
        address: `${100 + i} High St`,
        city: 'Columbus',
        createdate: created,
        lastmodifieddate: created,
      },
      createdAt: created,
      updatedAt: created,
      archived: false,
    };
  });
}

export class FakeHubspot extends FakeServer {
  readonly contacts: HubspotContact[];
  token: string;

  constructor(options: { token?: string; contacts?: HubspotContact[]; count?: number } = {}) {
    super();
    this.token = options.token ?? FAKE_HUBSPOT_TOKEN;
    this.contacts = options.contacts ?? seedHubspotContacts(options.count);
  }

  protected errorBody(status: number): unknown {
    return errorBody(status);
  }

  #project(contact: HubspotContact, properties: string[]): HubspotContact {
    const wanted = properties.length ? properties : ['firstname', 'lastname', 'email'];
    const props: Record<string, string | null> = { hs_object_id: contact.id };
    for (const p of wanted) props[p] = contact.properties[p] ?? null;
    return { ...contact, properties: props };
  }

  protected handle(req: RecordedRequest, body: string): FakeHandlerResult {
    if (req.headers.authorization !== `Bearer ${this.token}`) return { status: 401, body: errorBody(401) };
    const base = '/crm/v3/objects/contacts';
    if (req.method === 'GET' && req.path === '/account-info/v3/details') {
      return {
        status: 200,
        body: {
          portalId: FAKE_HUBSPOT_PORTAL_ID,
          accountType: 'STANDARD',
          timeZone: 'US/Eastern',
          companyCurrency: 'USD',
          uiDomain: 'app.hubspot.com',
          dataHostingLocation: 'na1',
        },
      };
    }
    const properties = (req.query.get('properties') ?? '').split(',').filter(Boolean);
    if (req.method === 'GET' && req.path === base) {
      const limit = Number(req.query.get('limit') ?? 10);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return { status: 400, body: errorBody(400) };
      const start = Number(req.query.get('after') ?? 0);
      const page = this.contacts.slice(start, start + limit).map((c) => this.#project(c, properties));
      const next = start + limit < this.contacts.length ? String(start + limit) : null;
      return {
        status: 200,
        body: {
          results: page,
          ...(next ? { paging: { next: { after: next, link: `${base}?after=${next}` } } } : {}),
        },
      };
    }
    if (req.method === 'POST' && req.path === `${base}/search`) {
      let parsed: {
        filterGroups?: { filters?: { propertyName?: string; operator?: string; value?: string }[] }[];
        properties?: string[];
        limit?: number;
      };
      try {
        parsed = JSON.parse(body);
      } catch {
        return { status: 400, body: errorBody(400) };
      }
      const groups = parsed.filterGroups ?? [];
      const matches = this.contacts.filter(
        (c) =>
          groups.length === 0 ||
          groups.some((g) =>
            (g.filters ?? []).every(
              (f) =>
                f.operator === 'EQ' &&
                (c.properties[f.propertyName ?? ''] ?? '').toLowerCase() === String(f.value ?? '').toLowerCase(),
            ),
          ),
      );
      const limit = Math.min(200, parsed.limit ?? 10);
      return {
        status: 200,
        body: {
          total: matches.length,
          results: matches.slice(0, limit).map((c) => this.#project(c, parsed.properties ?? [])),
        },
      };
    }
    if (req.method === 'GET' && req.path.startsWith(`${base}/`)) {
      const id = decodeURIComponent(req.path.slice(base.length + 1));
      const contact = this.contacts.find((c) => c.id === id);
      return contact
        ? { status: 200, body: this.#project(contact, properties) }
        : { status: 404, body: errorBody(404, `Object not found.  objectId are usually numeric.`) };
    }
    return { status: 404, body: errorBody(404) };
  }
}
