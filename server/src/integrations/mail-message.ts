/** A mail read from a provider API, reduced to what Helixis stores. */
export interface FetchedMail {
  externalId: string;
  from: string | null;
  to: string | null;
  subject: string;
  text: string;
  receivedAt: Date;
  /** Gmail: the attachments named in the message's MIME tree (contents fetched separately). */
  attachments?: MailAttachmentRef[];
  /** Graph: whether the message has attachments (listed with a separate call). */
  hasAttachments?: boolean;
}

/** An attachment as a mail API describes it, before its bytes are fetched. */
export interface MailAttachmentRef {
  id: string;
  filename: string;
  contentType: string;
  /** Declared size in bytes (checked against the cap before anything is downloaded). */
  size: number;
}

/** A failing mail API call: HTTP status (0 without an answer) and the provider's message. */
export class MailApiError extends Error {
  override readonly name = 'MailApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function getJson(url: string, accessToken: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new MailApiError(0, err instanceof Error ? err.message : 'network error');
  }
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!res.ok) throw new MailApiError(res.status, body?.error?.message ?? `HTTP ${res.status}`);
  return body;
}
