import { type FakeHandlerResult, FakeServer, FIRST, LAST, pick, type RecordedRequest, seededRandom } from '../fake-kit';
import { SHOPIFY_API_VERSION, type ShopifyCustomer, type ShopifyOrder } from './client';

/**
 * A local fake of the Shopify Admin REST API (one shop): X-Shopify-Access-Token, versioned paths
 * under /admin/api/{version}/, shop.json, customers.json with Link-header page_info paging,
 * customers/search.json?query=email:..., customers/{id}.json, customers/{id}/orders.json, and
 * Shopify's `{errors: ...}` bodies.
 */
export const FAKE_SHOPIFY_TOKEN = 'shpat_fake0123456789abcdef';
export const FAKE_SHOPIFY_SHOP = 'buckeye-goods';

export function seedShopify(
  count = 25,
  seed = 9,
): { customers: ShopifyCustomer[]; orders: Map<number, ShopifyOrder[]> } {
  const random = seededRandom(seed);
  const customers: ShopifyCustomer[] = [];
  const orders = new Map<number, ShopifyOrder[]>();
  let orderNo = 1001;
  for (let i = 0; i < count; i++) {
    const first = pick(random, FIRST);
    const last = pick(random, LAST);
    const id = 6_120_000_000_000 + i * 17;
    const mine: ShopifyOrder[] = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, k) => ({
      id: 5_500_000_000_000 + orderNo,
      name: `#${orderNo++}`,
      created_at: new Date(Date.UTC(2026, 9, 1 + ((i + k * 5) % 28))).toISOString(),
      total_price: (20 + Math.round(random() * 30000) / 100).toFixed(2),
      currency: 'USD',
      financial_status: pick(random, ['paid', 'paid', 'pending', 'refunded']),
      fulfillment_status: pick(random, ['fulfilled', null]),
    }));
    orders.set(id, mine);
    customers.push({
      id,
      email: `${first}.${last}.${i}@example.org`.toLowerCase(),
      first_name: first,
      last_name: last,
      phone: `+1614555${String(3000 + i)}`,
      state: 'enabled',
      orders_count: mine.length,
      total_spent: mine.reduce((s, o) => s + Number(o.total_price), 0).toFixed(2),
      currency: 'USD',
      tags: i % 3 === 0 ? 'VIP, newsletter' : '',
      verified_email: true,
      created_at: new Date(Date.UTC(2025, i % 12, 3)).toISOString(),
      updated_at: new Date(Date.UTC(2026, 9, 30)).toISOString(),
      default_address: {
        address1: `${300 + i} Broad St`,
        city: 'Columbus',
        province_code: 'OH',
        zip: '43215',
        country_code: 'US',
      },
    });
  }
  return { customers, orders };
}

export class FakeShopify extends FakeServer {
  readonly customers: ShopifyCustomer[];
  readonly orders: Map<number, ShopifyOrder[]>;
  token: string;

  constructor(options: { token?: string; count?: number } = {}) {
    super();
    this.token = options.token ?? FAKE_SHOPIFY_TOKEN;
    const seeded = seedShopify(options.count);
    this.customers = seeded.customers;
    this.orders = seeded.orders;
  }

  protected errorBody(status: number): unknown {
    if (status === 401)
      return { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };
    if (status === 404) return { errors: 'Not Found' };
    if (status === 429)
      return {
        errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
      };
    return { errors: 'Internal Server Error' };
  }

  protected handle(req: RecordedRequest, _body: string, origin: string): FakeHandlerResult {
    if (req.headers['x-shopify-access-token'] !== this.token) return { status: 401, body: this.errorBody(401) };
    const prefix = `/admin/api/${SHOPIFY_API_VERSION}`;
    if (req.method !== 'GET' || !req.path.startsWith(prefix)) return { status: 404, body: this.errorBody(404) };
    const path = req.path.slice(prefix.length);
    if (path === '/shop.json') {
      return {
        status: 200,
        body: {
          shop: {
            id: 548380009,
            name: 'Buckeye Goods',
            myshopify_domain: `${FAKE_SHOPIFY_SHOP}.myshopify.com`,
            currency: 'USD',
          },
        },
      };
    }
    if (path === '/customers.json') {
      const pageInfo = req.query.get('page_info');
      const limit = Number(req.query.get('limit') ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 250)
        return { status: 400, body: { errors: { limit: ['is invalid'] } } };
      const start = pageInfo ? Number(Buffer.from(pageInfo, 'base64url').toString()) : 0;
      const page = this.customers.slice(start, start + limit);
      const end = start + page.length;
      const headers: Record<string, string> = {};
      if (end < this.customers.length) {
        const cursor = Buffer.from(String(end)).toString('base64url');
        headers.link = `<${origin}${req.path}?limit=${limit}&page_info=${cursor}>; rel="next"`;
      }
      return { status: 200, body: { customers: page }, headers };
    }
    if (path === '/customers/search.json') {
      const query = (req.query.get('query') ?? '').trim();
      const match = /^email:"?([^"\s]+)"?$/i.exec(query);
      const found = match?.[1]
        ? this.customers.filter((c) => c.email?.toLowerCase() === match[1]?.toLowerCase())
        : this.customers.filter((c) =>
            [c.first_name, c.last_name, c.email].some((v) => v?.toLowerCase().includes(query.toLowerCase())),
          );
      return { status: 200, body: { customers: found.slice(0, Number(req.query.get('limit') ?? 50)) } };
    }
    const orders = /^\/customers\/(\d+)\/orders\.json$/.exec(path);
    if (orders?.[1]) {
      const list = this.orders.get(Number(orders[1]));
      if (!list) return { status: 404, body: this.errorBody(404) };
      const limit = Number(req.query.get('limit') ?? 50);
      return { status: 200, body: { orders: [...list].reverse().slice(0, limit) } };
    }
    const one = /^\/customers\/(\d+)\.json$/.exec(path);
    if (one?.[1]) {
      const customer = this.customers.find((c) => c.id === Number(one[1]));
      return customer ? { status: 200, body: { customer } } : { status: 404, body: this.errorBody(404) };
    }
    return { status: 404, body: this.errorBody(404) };
  }
}
