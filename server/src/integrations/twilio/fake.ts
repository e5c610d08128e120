import { randomBytes } from 'node:crypto';
import { type FakeHandlerResult, FakeServer, type RecordedRequest } from '../fake-kit';
import { twilioSignature } from './client';

/**
 * Local fake of the Twilio REST API 2010-04-01: Basic auth AccountSid:AuthToken, the account
 * resource, and Messages.json (form-encoded To, From, Body → 201 with a message resource).
 * Errors use Twilio's shape {code, message, more_info, status}. `signWebhook` plays Twilio calling a
 * webhook: it signs the parameters as Twilio does. Tests point HELIXIS_TWILIO_API_URL at it.
 */
export interface FakeTwilioSent {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
}

export class FakeTwilio extends FakeServer {
  /** AccountSid → AuthToken of the accounts the fake knows. */
  readonly accounts = new Map<string, string>();
  readonly sent: FakeTwilioSent[] = [];

  /** A new account with a random SID and token (the shapes Twilio uses). */
  createAccount(): { accountSid: string; authToken: string } {
    const accountSid = `AC${randomBytes(16).toString('hex')}`;
    const authToken = randomBytes(16).toString('hex');
    this.accounts.set(accountSid, authToken);
    return { accountSid, authToken };
  }

  env(): Record<string, string> {
    return { HELIXIS_TWILIO_API_URL: this.url };
  }

  /** The headers and form body Twilio would send to a webhook at `url`. */
  signWebhook(authToken: string, url: string, params: Record<string, string>) {
    return {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    };
  }

  protected errorBody(status: number): unknown {
    return { code: 20500, message: 'An internal server error has occurred', more_info: '', status };
  }

  #error(status: number, code: number, message: string): FakeHandlerResult {
    return {
      status,
      body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
    };
  }

  protected handle(req: RecordedRequest, body: string): FakeHandlerResult {
    const m = /^\/2010-04-01\/Accounts\/([^/]+?)(\.json|\/Messages\.json)$/.exec(req.path);
    if (!m) return this.#error(404, 20404, 'The requested resource was not found');
    const sid = decodeURIComponent(m[1] ?? '');
    const auth = req.headers.authorization ?? '';
    const [user, pass] = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')
      : [];
    if (!user || this.accounts.get(user) !== pass || user !== sid) return this.#error(401, 20003, 'Authenticate');
    if (m[2] === '.json') {
      if (req.method !== 'GET') return this.#error(405, 20004, 'Method not allowed');
      return {
        status: 200,
        body: { sid, friendly_name: 'Fake Twilio account', status: 'active', type: 'Full' },
      };
    }
    if (req.method !== 'POST') return this.#error(405, 20004, 'Method not allowed');
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const text = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return this.#error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from) return this.#error(400, 21603, "A 'From' phone number is required.");
    if (!text) return this.#error(400, 21602, 'Message body is required.');
    const messageSid = `SM${randomBytes(16).toString('hex')}`;
    this.sent.push({ sid: messageSid, accountSid: sid, to, from, body: text });
    return {
      status: 201,
      body: {
        sid: messageSid,
        account_sid: sid,
        to,
        from,
        body: text,
        status: 'queued',
        num_segments: String(Math.ceil(text.length / 153) || 1),
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${sid}/Messages/${messageSid}.json`,
      },
    };
  }
}
