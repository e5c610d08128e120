import { exchangeWithRetry, newTraceId, UpstreamError, type UpstreamOptions } from '../upstream';

/** Shopify Admin REST API; each shop has its own host, `{shop}` in this template. */
export const SHOPIFY_ORIGIN_TEMPLATE = 'https://{shop}.myshopify.com';
export const SHOPIFY_API_VERSION = '2024-10';

export interface ShopifyAddress {
  address1?: string | null;
  city?: string | null;
  province_code?: string | null;
  zip?: string | null;
  country_code?: string | null;
}
export interface ShopifyCustomer {
  id: number;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  state?: string;
  orders_count?: number;
  total_spent?: string;
  currency?: string;
  tags?: string;
  verified_email?: boolean;
  created_at?: string;
  updated_at?: string;
  default_address?: ShopifyAddress | null;
}
export interface ShopifyOrder {
  id: number;
  name: string;
  created_at: string;
  total_price: string;
  currency: string;
  financial_status: string | null;
  fulfillment_status: string | null;
}

/** The shop handle from what a person types: "acme", "acme.myshopify.com" or its https URL. */
export function shopHandle(input: string): string | null {
  const value = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.myshopify\.com$/, '');
  return /^[a-z0-9][a-z0-9-]{0,59}$/.test(value) ? value : null;
}

export interface ShopifyClientOptions extends UpstreamOptions {
  /** `https://{shop}.myshopify.com` by default; a fixed origin (the local fake) ignores the shop. */
  originTemplate: string;
  shop: string;
  token: string;
}

function describeShopifyError(json: unknown): string | undefined {
  const errors = (json as { errors?: unknown } | null)?.errors;
  if (typeof errors === 'string') return errors;
  if (errors && typeof errors === 'object') return JSON.stringify(errors).slice(0, 200);
  return undefined;
}

/** The `rel="next"` URL of a Link header (cursor paging with page_info). */
export function nextLink(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1]) return match[1];
  }
  return null;
}

/**
 * Customers and their orders from the Shopify Admin REST API (X-Shopify-Access-Token). Listing pages
 * follow the Link header's page_info cursor, which must stay on the shop's origin.
 */
export class ShopifyClient {
  readonly origin: string;
  readonly shop: string;
  readonly #options: ShopifyClientOptions;

  constructor(options: ShopifyClientOptions) {
    const shop = shopHandle(options.shop);
    if (!shop) throw new Error('not a shop name');
    this.shop = shop;
    this.#options = options;
    this.origin = new URL(options.originTemplate.replace('{shop}', shop)).origin;
  }

  async #get(path: string, query: Record<string, string> = {}, absolute?: URL) {
    const url = absolute ?? new URL(`${this.origin}/admin/api/${SHOPIFY_API_VERSION}${path}`);
    if (url.origin !== this.origin) {
      throw new UpstreamError('unknown', 'paging link points to another host', {
        status: 200,
        path,
        traceId: newTraceId(),
        attempts: 1,
      });
    }
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return exchangeWithRetry(this.#options, {
      url,
      method: 'GET',
      headers: { 'x-shopify-access-token': this.#options.token },
      path: path.replace(/\/\d+(?=\/|\.json)/g, '/{id}'),
      traceId: newTraceId(),
      describeError: describeShopifyError,
    });
  }

  async shopInfo(): Promise<{ id: number; name: string; myshopify_domain: string }> {
    const response = await this.#get('/shop.json');
    return (response.json as { shop: { id: number; name: string; myshopify_domain: string } }).shop;
  }

  async searchByEmail(email: string): Promise<ShopifyCustomer[]> {
    const response = await this.#get('/customers/search.json', { query: `email:${email}`, limit: '10' });
    const customers = (response.json as { customers?: ShopifyCustomer[] }).customers ?? [];
    // The search is full-text; keep exact e-mail matches only.
    return customers.filter((c) => c.email?.toLowerCase() === email.toLowerCase());
  }

  async customer(id: string): Promise<ShopifyCustomer | null> {
    if (!/^\d{1,20}$/.test(id)) return null;
    try {
      const response = await this.#get(`/customers/${id}.json`);
      return (response.json as { customer: ShopifyCustomer }).customer;
    } catch (err) {
      if (err instanceof UpstreamError && err.code === 'endpoint_404') return null;
      throw err;
    }
  }

  async recentOrders(customerId: number, limit = 5): Promise<ShopifyOrder[]> {
    const response = await this.#get(`/customers/${customerId}/orders.json`, { status: 'any', limit: String(limit) });
    return (response.json as { orders?: ShopifyOrder[] }).orders ?? [];
  }

  /** One page of customers; `next` is the Link header's next URL. */
  async listCustomers(limit = 50, next?: string): Promise<{ customers: ShopifyCustomer[]; next: string | null }> {
    const response = next
      ? await this.#get('/customers.json', {}, new URL(next))
      : await this.#get('/customers.json', { limit: String(Math.min(250, limit)) });
    return {
      customers: (response.json as { customers?: ShopifyCustomer[] }).customers ?? [],
      next: nextLink(response.headers.link),
    };
  }
}
