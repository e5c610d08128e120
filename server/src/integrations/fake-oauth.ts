import { createHash, randomBytes } from 'node:crypto';
import { type FakeHandlerResult, FakeServer, type RecordedRequest } from './fake-kit';

/**
 * A local OAuth 2.0 authorization server for tests and try-outs, speaking the authorization-code
 * protocol as Google and the Microsoft identity platform do: an authorize endpoint that redirects
 * back with `code` and `state` (or `error=access_denied`), a token endpoint (form body, client
 * secret as Basic or in the body) that checks the redirect URI and the PKCE code_verifier, refresh
 * grants, and (Google) a revoke endpoint. `decision` stands in for the user's consent click.
 */

export interface FakeOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Redirect URIs registered for the client; others are refused (redirect_uri_mismatch). */
  redirectUris: string[];
  /** The signed-in account the fake authorizes. */
  email: string;
  /** Lifetime of issued access tokens. */
  accessTokenSeconds?: number;
  /** Microsoft returns a new refresh token on every refresh; Google keeps the old one. */
  rotateRefreshTokens?: boolean;
  paths: { authorize: string; token: string; revoke?: string };
  /** Error body shape of the token endpoint (Microsoft adds AADSTS codes and a trace id). */
  style: 'google' | 'microsoft';
}

interface IssuedCode {
  redirectUri: string;
  challenge: string | null;
  scope: string;
  used: boolean;
}

export abstract class FakeOAuthProvider extends FakeServer {
  readonly options: Required<Omit<FakeOAuthOptions, 'paths'>> & { paths: FakeOAuthOptions['paths'] };
  /** What the user answers on the consent screen. */
  decision: 'approve' | 'deny' = 'approve';
  readonly accessTokens = new Map<string, { expiresAt: number; revoked: boolean }>();
  readonly refreshTokens = new Map<string, { scope: string; revoked: boolean }>();
  readonly #codes = new Map<string, IssuedCode>();

  constructor(options: FakeOAuthOptions) {
    super();
    this.options = {
      ...options,
      accessTokenSeconds: options.accessTokenSeconds ?? 3599,
      rotateRefreshTokens: options.rotateRefreshTokens ?? false,
    };
  }

  get authorizeUrl(): string {
    return `${this.url}${this.options.paths.authorize}`;
  }
  get tokenUrl(): string {
    return `${this.url}${this.options.paths.token}`;
  }
  get revokeUrl(): string {
    return `${this.url}${this.options.paths.revoke ?? '/revoke'}`;
  }

  /** True when the bearer token was issued by this fake, is not expired and not revoked. */
  isValidAccessToken(token: string): boolean {
    const entry = this.accessTokens.get(token);
    return !!entry && !entry.revoked && entry.expiresAt > Date.now();
  }

  /** Makes every issued access token expire now (to exercise refresh). */
  expireAccessTokens(): void {
    for (const entry of this.accessTokens.values()) entry.expiresAt = Date.now() - 1;
  }

  protected errorBody(status: number): unknown {
    return this.tokenError(status >= 500 ? 'server_error' : 'invalid_request', `status ${status}`);
  }

  protected tokenError(error: string, description: string): Record<string, unknown> {
    if (this.options.style === 'microsoft') {
      return {
        error,
        error_description: `AADSTS70000: ${description}`,
        error_codes: [70000],
        trace_id: randomBytes(8).toString('hex'),
      };
    }
    return { error, error_description: description };
  }

  protected handle(req: RecordedRequest, body: string): FakeHandlerResult {
    const { paths } = this.options;
    if (req.method === 'GET' && req.path === paths.authorize) return this.#authorize(req.query);
    if (req.method === 'POST' && req.path === paths.token) return this.#token(req, new URLSearchParams(body));
    if (req.method === 'POST' && paths.revoke && req.path === paths.revoke) {
      const token = new URLSearchParams(body).get('token') ?? '';
      const access = this.accessTokens.get(token);
      const refresh = this.refreshTokens.get(token);
      if (!access && !refresh) return { status: 400, body: { error: 'invalid_token' } };
      if (access) access.revoked = true;
      if (refresh) refresh.revoked = true;
      return { status: 200, body: {} };
    }
    return this.handleApi(req, body);
  }

  /** The bearer token of an API request, if this fake issued it and it is still valid. */
  protected authorized(req: RecordedRequest): boolean {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && this.isValidAccessToken(header.slice(7));
  }

  /** Resource endpoints of the provider (mail APIs); 404 by default. */
  protected handleApi(_req: RecordedRequest, _body: string): FakeHandlerResult {
    return { status: 404, body: { error: { code: 404, message: 'Not found' } } };
  }

  #authorize(q: URLSearchParams): FakeHandlerResult {
    const redirectUri = q.get('redirect_uri') ?? '';
    // Like the real servers: an unknown client or redirect URI is an error page, never a redirect.
    if (q.get('client_id') !== this.options.clientId) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
    }
    if (!this.options.redirectUris.includes(redirectUri)) {
      return { status: 400, body: { error: 'redirect_uri_mismatch', error_description: redirectUri } };
    }
    const target = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) target.searchParams.set('state', state);
    if (q.get('response_type') !== 'code') {
      target.searchParams.set('error', 'unsupported_response_type');
    } else if (this.decision === 'deny') {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(16).toString('base64url');
      const method = q.get('code_challenge_method');
      this.#codes.set(code, {
        redirectUri,
        challenge: method === 'S256' ? q.get('code_challenge') : null,
        scope: q.get('scope') ?? '',
        used: false,
      });
      target.searchParams.set('code', code);
      target.searchParams.set('scope', q.get('scope') ?? '');
    }
    return { status: 302, body: {}, headers: { location: target.href } };
  }

  #clientAuthenticated(req: RecordedRequest, form: URLSearchParams): boolean {
    const header = req.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
      return id === this.options.clientId && secret === this.options.clientSecret;
    }
    return form.get('client_id') === this.options.clientId && form.get('client_secret') === this.options.clientSecret;
  }

  #issue(scope: string, refreshToken: string | null): Record<string, unknown> {
    const access = `at-${randomBytes(18).toString('base64url')}`;
    this.accessTokens.set(access, { expiresAt: Date.now() + this.options.accessTokenSeconds * 1000, revoked: false });
    const out: Record<string, unknown> = {
      access_token: access,
      token_type: 'Bearer',
      expires_in: this.options.accessTokenSeconds,
      scope,
    };
    if (refreshToken) out.refresh_token = refreshToken;
    const claims = { iss: this.url, sub: 'fake-user-1', aud: this.options.clientId, email: this.options.email };
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    out.id_token = `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.sig`;
    return out;
  }

  #token(req: RecordedRequest, form: URLSearchParams): FakeHandlerResult {
    if (!this.#clientAuthenticated(req, form)) {
      return { status: 401, body: this.tokenError('invalid_client', 'Client authentication failed.') };
    }
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const issued = this.#codes.get(form.get('code') ?? '');
      if (!issued || issued.used) {
        return { status: 400, body: this.tokenError('invalid_grant', 'The code is invalid or was already used.') };
      }
      issued.used = true;
      if (form.get('redirect_uri') !== issued.redirectUri) {
        return { status: 400, body: this.tokenError('redirect_uri_mismatch', 'redirect_uri does not match.') };
      }
      if (issued.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        const computed = createHash('sha256').update(verifier).digest('base64url');
        if (computed !== issued.challenge) {
          return { status: 400, body: this.tokenError('invalid_grant', 'code_verifier does not match.') };
        }
      }
      const refresh = `rt-${randomBytes(18).toString('base64url')}`;
      this.refreshTokens.set(refresh, { scope: issued.scope, revoked: false });
      return { status: 200, body: this.#issue(issued.scope, refresh) };
    }
    if (grant === 'refresh_token') {
      const old = form.get('refresh_token') ?? '';
      const entry = this.refreshTokens.get(old);
      if (!entry || entry.revoked) {
        return { status: 400, body: this.tokenError('invalid_grant', 'Token has been expired or revoked.') };
      }
      let next: string | null = null;
      if (this.options.rotateRefreshTokens) {
        entry.revoked = true;
        next = `rt-${randomBytes(18).toString('base64url')}`;
        this.refreshTokens.set(next, { scope: entry.scope, revoked: false });
      }
      return { status: 200, body: this.#issue(entry.scope, next) };
    }
    return { status: 400, body: this.tokenError('unsupported_grant_type', `grant_type ${grant}`) };
  }
}
