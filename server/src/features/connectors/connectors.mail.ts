import { connectorTexts, type OAuthProvider } from '@helixis/contract';
import { getJson, MailApiError } from '../../integrations/mail-message';
import { codeForStatus, newTraceId, UpstreamError } from '../../integrations/upstream';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { freshAccessToken, oauthDisconnect, oauthStart } from '../mail';
import { type FoundRecord, type Lookup, upstreamAppError, type WorkingConnector } from './connector';

/**
 * Gmail and Outlook as connectors: connecting is the mail feature's OAuth flow (integrations-connect
 * answers its authorization URL); the lookup reads the caller's mailbox for messages from a person.
 */

const NAME: Record<OAuthProvider, string> = { gmail: 'Gmail', outlook: 'Outlook' };
const MAX_MESSAGES = 10;

interface MailSummary {
  id: string;
  from: string | null;
  subject: string;
  snippet: string;
  receivedAt: string | null;
  url: string;
}

function header(headers: { name: string; value: string }[] | undefined, name: string): string | null {
  return headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? null;
}

async function gmailMessages(base: string, token: string, query: Lookup | null): Promise<MailSummary[]> {
  const root = `${base}/gmail/v1/users/me/messages`;
  let ids: string[];
  if (!query || 'email' in query) {
    const q = query ? `&q=${encodeURIComponent(`from:${query.email}`)}` : '';
    const list = (await getJson(`${root}?maxResults=${MAX_MESSAGES}${q}`, token)) as { messages?: { id: string }[] };
    ids = (list.messages ?? []).map((m) => m.id);
  } else {
    ids = [query.externalId];
  }
  const out: MailSummary[] = [];
  for (const id of ids) {
    let m: {
      id: string;
      snippet?: string;
      internalDate?: string;
      payload?: { headers?: { name: string; value: string }[] };
    };
    try {
      m = (await getJson(
        `${root}/${encodeURIComponent(id)}?format=metadata&metadataHeaders=From&metadataHeaders=Subject`,
        token,
      )) as typeof m;
    } catch (err) {
      if (err instanceof MailApiError && err.status === 404 && query && 'externalId' in query) return [];
      throw err;
    }
    out.push({
      id: m.id,
      from: header(m.payload?.headers, 'From'),
      subject: header(m.payload?.headers, 'Subject') ?? '',
      snippet: m.snippet ?? '',
      receivedAt: m.internalDate ? new Date(Number(m.internalDate)).toISOString() : null,
      url: `https://mail.google.com/mail/u/0/#all/${m.id}`,
    });
  }
  return out;
}

interface GraphMessage {
  id: string;
  subject?: string;
  bodyPreview?: string;
  from?: { emailAddress?: { address?: string } };
  receivedDateTime?: string;
  webLink?: string;
}

async function outlookMessages(base: string, token: string, query: Lookup | null): Promise<MailSummary[]> {
  const select = '$select=id,subject,bodyPreview,from,receivedDateTime,webLink';
  let messages: GraphMessage[];
  if (!query || 'email' in query) {
    const filter = query
      ? `$filter=${encodeURIComponent(`from/emailAddress/address eq '${query.email.replace(/'/g, "''")}'`)}&`
      : '';
    const page = (await getJson(
      `${base}/v1.0/me/mailFolders/inbox/messages?${filter}$top=${MAX_MESSAGES}&${select}`,
      token,
    )) as { value?: GraphMessage[] };
    messages = page.value ?? [];
  } else {
    try {
      messages = [
        (await getJson(
          `${base}/v1.0/me/messages/${encodeURIComponent(query.externalId)}?${select}`,
          token,
        )) as GraphMessage,
      ];
    } catch (err) {
      if (err instanceof MailApiError && err.status === 404) return [];
      throw err;
    }
  }
  return messages.map((m) => ({
    id: m.id,
    from: m.from?.emailAddress?.address ?? null,
    subject: m.subject ?? '',
    snippet: m.bodyPreview ?? '',
    receivedAt: m.receivedDateTime ?? null,
    url: m.webLink ?? `https://outlook.office.com/mail/inbox/id/${encodeURIComponent(m.id)}`,
  }));
}

function mailConnector(provider: OAuthProvider): WorkingConnector {
  const name = NAME[provider];
  async function read(ctx: WorkspaceContext, query: Lookup | null): Promise<MailSummary[]> {
    const scope = { deps: ctx.deps, workspaceId: ctx.workspace.id, userId: ctx.user.id, log: ctx.log };
    let token: string;
    try {
      token = await freshAccessToken(scope, provider);
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') {
        throw new AppError('connector_not_connected', { userMessage: connectorTexts.notConnected(name) });
      }
      throw err;
    }
    const { apiUrl } = provider === 'gmail' ? ctx.deps.config.oauth.google : ctx.deps.config.oauth.microsoft;
    try {
      return provider === 'gmail'
        ? await gmailMessages(apiUrl, token, query)
        : await outlookMessages(apiUrl, token, query);
    } catch (err) {
      if (!(err instanceof MailApiError)) throw err;
      const failure = new UpstreamError(err.status ? codeForStatus(err.status) : 'network_timeout', err.message, {
        status: err.status,
        path: provider === 'gmail' ? '/gmail/v1/users/me/messages' : '/v1.0/me/messages',
        traceId: newTraceId(),
        attempts: 1,
      });
      ctx.log.warn(
        { kind: provider, code: failure.code, status: failure.status, traceId: failure.traceId },
        'connector read failed',
      );
      throw upstreamAppError(name, failure, 'read');
    }
  }
  const source = (m: MailSummary) => ({ url: m.url, label: `${name}: ${m.subject || '(no subject)'}` });
  /** One snapshot per correspondent: the latest message's fields, every message as a source. */
  const summarise = (messages: MailSummary[]): FoundRecord[] => {
    const [latest] = messages;
    if (!latest) return [];
    return [
      {
        fields: {
          message_count: messages.length,
          last_subject: latest.subject,
          last_received_at: latest.receivedAt,
          from_address: latest.from,
          snippet: latest.snippet,
        },
        sources: messages.map(source),
      },
    ];
  };
  return {
    kind: provider,
    async connect(ctx) {
      const started = await oauthStart({ ctx, input: { provider, return_to: `/connect?kind=${provider}` } });
      return { kind: provider, authUrl: started.authUrl, status: 'pending' };
    },
    async disconnect(ctx) {
      await oauthDisconnect({ ctx, input: { provider } });
    },
    async lookup(ctx, query) {
      return summarise(await read(ctx, query));
    },
    async fetchRecords(ctx, { limit }) {
      const messages = await read(ctx, null);
      return { records: messages.slice(0, limit).flatMap((m) => summarise([m])), next: null };
    },
  };
}

export const gmailConnector = mailConnector('gmail');
export const outlookConnector = mailConnector('outlook');
