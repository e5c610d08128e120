import { exchangeWithRetry, newTraceId, UpstreamError, type UpstreamOptions } from '../upstream';

/** HubSpot CRM API v3 with a private-app access token (Bearer). */
export const HUBSPOT_API_URL = 'https://api.hubapi.com';
/** Contact properties Helixis reads (HubSpot's internal property names). */
export const HUBSPOT_CONTACT_PROPERTIES = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'company',
  'jobtitle',
  'lifecyclestage',
  'hs_lead_status',
  'address',
  'city',
  'createdate',
  'lastmodifieddate',
] as const;

export interface HubspotContact {
  id: string;
  properties: Record<string, string | null>;
  createdAt?: string;
  updatedAt?: string;
  archived?: boolean;
}

export interface HubspotPage {
  results: HubspotContact[];
  /** The `after` cursor of the next page, null on the last one. */
  after: string | null;
}

export interface HubspotClientOptions extends UpstreamOptions {
  baseUrl: string;
  token: string;
}

function describeHubspotError(json: unknown): string | undefined {
  if (json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string') {
    return (json as { message: string }).message;
  }
  return undefined;
}

/**
 * Contacts of a HubSpot portal: list with `after` paging, search by e-mail (CRM search API), read by
 * id, and the account details (portal id, for record links). Retries per upstream.ts.
 */
export class HubspotClient {
  readonly baseUrl: string;
  readonly #options: HubspotClientOptions;

  constructor(options: HubspotClientOptions) {
    this.#options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async #call(method: 'GET' | 'POST', path: string, query: Record<string, string> = {}, body?: unknown) {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const response = await exchangeWithRetry(this.#options, {
      url,
      method,
      headers: {
        authorization: `Bearer ${this.#options.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      path: path.replace(/\/\d+$/, '/{id}'),
      traceId: newTraceId(),
      describeError: describeHubspotError,
    });
    return response.json;
  }

  /** GET /account-info/v3/details: proves the token and gives the portal id. */
  async accountDetails(): Promise<{ portalId: number; uiDomain: string }> {
    const json = (await this.#call('GET', '/account-info/v3/details')) as { portalId?: unknown; uiDomain?: unknown };
    if (typeof json?.portalId !== 'number') {
      throw new UpstreamError('unknown', 'account details without portalId', {
        status: 200,
        path: '/account-info/v3/details',
        traceId: newTraceId(),
        attempts: 1,
      });
    }
    return { portalId: json.portalId, uiDomain: typeof json.uiDomain === 'string' ? json.uiDomain : 'app.hubspot.com' };
  }

  async listContacts(limit = 100, after?: string): Promise<HubspotPage> {
    const query: Record<string, string> = {
      limit: String(Math.min(100, Math.max(1, limit))),
      properties: HUBSPOT_CONTACT_PROPERTIES.join(','),
    };
    if (after) query.after = after;
    const json = (await this.#call('GET', '/crm/v3/objects/contacts', query)) as {
      results?: HubspotContact[];
      paging?: { next?: { after?: string } };
    };
    return { results: json.results ?? [], after: json.paging?.next?.after ?? null };
  }

  async searchByEmail(email: string): Promise<HubspotContact[]> {
    const json = (await this.#call(
      'POST',
      '/crm/v3/objects/contacts/search',
      {},
      {
        filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: email }] }],
        properties: [...HUBSPOT_CONTACT_PROPERTIES],
        limit: 10,
      },
    )) as { results?: HubspotContact[] };
    return json.results ?? [];
  }

  /** One contact by its record id; null when HubSpot answers 404. */
  async getContact(id: string): Promise<HubspotContact | null> {
    try {
      return (await this.#call('GET', `/crm/v3/objects/contacts/${encodeURIComponent(id)}`, {
        properties: HUBSPOT_CONTACT_PROPERTIES.join(','),
      })) as HubspotContact;
    } catch (err) {
      if (err instanceof UpstreamError && err.code === 'endpoint_404') return null;
      throw err;
    }
  }
}
