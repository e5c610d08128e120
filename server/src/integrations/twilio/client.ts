import { createHmac, timingSafeEqual } from 'node:crypto';
import { sendRequest } from '../send-request';

/**
 * The Twilio REST API calls Helixis makes (2010-04-01 API: account lookup to verify credentials,
 * Messages.json to send an SMS) with Basic auth AccountSid:AuthToken, and the webhook signature check.
 */
export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

export interface TwilioMessage {
  sid: string;
  status: string;
}

interface TwilioErrorBody {
  code?: number;
  message?: string;
}

const describe = (json: unknown) => {
  const body = json as TwilioErrorBody | null;
  return body?.message ? `${body.message}${body.code ? ` (code ${body.code})` : ''}` : undefined;
};

export class TwilioClient {
  constructor(
    private readonly baseUrl: string,
    private readonly credentials: TwilioCredentials,
  ) {}

  #headers(): Record<string, string> {
    const basic = Buffer.from(`${this.credentials.accountSid}:${this.credentials.authToken}`).toString('base64');
    return { authorization: `Basic ${basic}` };
  }

  #accountPath(): string {
    return `${this.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(this.credentials.accountSid)}`;
  }

  /** GET /Accounts/{Sid}.json: proves the SID and token belong together. */
  async fetchAccount(): Promise<{ sid: string; friendlyName: string; status: string }> {
    const res = await sendRequest({
      url: `${this.#accountPath()}.json`,
      method: 'GET',
      headers: this.#headers(),
      idempotent: true,
      describeError: describe,
    });
    const body = res.json as { sid?: string; friendly_name?: string; status?: string } | null;
    return { sid: body?.sid ?? '', friendlyName: body?.friendly_name ?? '', status: body?.status ?? '' };
  }

  /** POST /Accounts/{Sid}/Messages.json, form-encoded To, From, Body → 201 {sid, status}. */
  async sendSms(message: { to: string; from: string; body: string }): Promise<TwilioMessage> {
    const form = new URLSearchParams({ To: message.to, From: message.from, Body: message.body });
    const res = await sendRequest({
      url: `${this.#accountPath()}/Messages.json`,
      method: 'POST',
      headers: { ...this.#headers(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      idempotent: false,
      describeError: describe,
    });
    const body = res.json as { sid?: string; status?: string } | null;
    return { sid: body?.sid ?? '', status: body?.status ?? '' };
  }
}

/**
 * Twilio's request signature: the full public URL (with its query), then each POST parameter
 * sorted by name as name followed by value, HMAC-SHA1 with the auth token, base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** Constant-time comparison of the X-Twilio-Signature header with the expected signature. */
export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
