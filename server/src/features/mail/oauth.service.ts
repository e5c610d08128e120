import { randomBytes } from 'node:crypto';
import {
  MAIL_LIMITS,
  mailTexts,
  OAUTH_SCOPES,
  type OAuthCallback,
  type OAuthCallbackInput,
  type OAuthErrorCode,
  type OAuthProvider,
  type OAuthStartInput,
  oauthErrorMessages,
  toOAuthProvider,
} from '@helixis/contract';
import {
  ArcticFetchError,
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';
import type { Config } from '../../config';
import type { Deps, WorkspaceContext } from '../../platform/context';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import type { Logger } from '../../platform/logger';
import { withTenant } from '../../platform/tenant';
import * as repo from './mail.repo';
import { type OAuthStatePayload, safeReturnTo, signState, verifyState } from './oauth.state';

/**
 * Authorization-code flows for Gmail (Google) and Microsoft 365/Outlook through arctic's generic
 * OAuth2Client (its Google / Entra classes hard-code the real endpoints; ours are configurable so
 * tests run against local fakes). PKCE S256, offline access with forced consent, signed state.
 */

interface ProviderSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string | null;
  scopes: readonly string[];
  extraParams: Record<string, string>;
}

function settingsFor(config: Config, provider: OAuthProvider): ProviderSettings | null {
  if (provider === 'gmail') {
    const g = config.oauth.google;
    if (!g.clientId || !g.clientSecret) return null;
    return {
      clientId: g.clientId,
      clientSecret: g.clientSecret,
      authUrl: g.authUrl,
      tokenUrl: g.tokenUrl,
      revokeUrl: g.revokeUrl,
      scopes: OAUTH_SCOPES.gmail,
      extraParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    };
  }
  const m = config.oauth.microsoft;
  if (!m.clientId || !m.clientSecret) return null;
  return {
    clientId: m.clientId,
    clientSecret: m.clientSecret,
    authUrl: m.authUrl,
    tokenUrl: m.tokenUrl,
    revokeUrl: null,
    scopes: OAUTH_SCOPES.outlook,
    extraParams: { response_mode: 'query', prompt: 'consent' },
  };
}

/** The browser page that receives the provider's redirect; it posts code and state to oauth-callback. */
export function redirectUriFor(config: Config, provider: OAuthProvider): string | null {
  if (!config.publicUrl) return null;
  return `${config.publicUrl.replace(/\/+$/, '')}/oauth/${provider}/callback`;
}

function notConfigured(provider: OAuthProvider): AppError {
  return new AppError('oauth_not_configured', {
    userMessage: provider === 'gmail' ? mailTexts.gmailNotConfigured : mailTexts.microsoftNotConfigured,
  });
}

function requireOAuthProvider(name: string): OAuthProvider {
  const provider = toOAuthProvider(name);
  if (!provider) {
    throw new AppError('not_oauth_provider', {
      userMessage: mailTexts.notOAuthProvider,
      details: {
        error_code: 'not_oauth_provider',
        redirect: `/settings/integrations/${encodeURIComponent(name)}`,
        hint: `Connect ${name} with its API key on /settings/integrations/${encodeURIComponent(name)}.`,
      },
    });
  }
  return provider;
}

export const oauthConfig: EndpointHandler<'oauthConfig'> = async ({ ctx }) => {
  const { google, microsoft } = ctx.deps.config.oauth;
  return { google_client_id: google.clientId ?? null, ms_client_id: microsoft.clientId ?? null };
};

async function createAuthorization(ctx: WorkspaceContext, provider: OAuthProvider, returnTo: string | undefined) {
  const { config } = ctx.deps;
  const settings = settingsFor(config, provider);
  const redirectUri = redirectUriFor(config, provider);
  if (!settings || !redirectUri) throw notConfigured(provider);
  const nonce = randomBytes(18).toString('base64url');
  const verifier = generateCodeVerifier();
  const expiresAt = Math.floor(Date.now() / 1000) + MAIL_LIMITS.stateTtlSeconds;
  const payload: OAuthStatePayload = {
    userId: ctx.user.id,
    workspaceId: ctx.workspace.id,
    provider,
    nonce,
    returnTo: safeReturnTo(returnTo),
    expiresAt,
  };
  await ctx.tenant((tx) =>
    repo.insertState(tx, ctx.workspace.id, {
      nonce,
      userId: ctx.user.id,
      provider,
      codeVerifierEncrypted: encryptSecret(config.encryptionKey, verifier, verifierAad(ctx.workspace.id, nonce)),
      redirectUri,
      returnTo: payload.returnTo,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    }),
  );
  const client = new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri);
  const url = client.createAuthorizationURLWithPKCE(
    settings.authUrl,
    signState(config.jwtSecret, payload),
    CodeChallengeMethod.S256,
    verifier,
    [...settings.scopes],
  );
  for (const [k, v] of Object.entries(settings.extraParams)) url.searchParams.set(k, v);
  ctx.log.info({ provider }, 'oauth flow started');
  return { url: url.href, redirectUri };
}

const verifierAad = (workspaceId: string, nonce: string) => `oauth_state:${workspaceId}:${nonce}`;
const tokenAad = (workspaceId: string, userId: string, provider: OAuthProvider, kind: 'access' | 'refresh') =>
  `oauth_token:${workspaceId}:${userId}:${provider}:${kind}`;

export const oauthStart: EndpointHandler<'oauthStart'> = async ({ ctx, input }) => {
  const provider = requireOAuthProvider(input.provider);
  const { url } = await createAuthorization(ctx, provider, input.return_to);
  return { provider, authUrl: url };
};

export const oauthPreflight: EndpointHandler<'oauthPreflight'> = async ({ ctx, input }) => {
  const { config } = ctx.deps;
  const publicAppUrl = config.publicUrl ?? null;
  const missing: string[] = [];
  const invalid: string[] = [];
  if (!publicAppUrl) missing.push('HELIXIS_PUBLIC_URL');
  else if (config.env === 'production' && !publicAppUrl.startsWith('https://')) invalid.push('HELIXIS_PUBLIC_URL');
  const wants = (p: OAuthProvider) =>
    input.provider === 'env-check' || input.provider === 'secrets-check' || toOAuthProvider(input.provider) === p;
  if (wants('gmail')) {
    if (!config.oauth.google.clientId) missing.push('HELIXIS_GOOGLE_CLIENT_ID');
    if (!config.oauth.google.clientSecret) missing.push('HELIXIS_GOOGLE_CLIENT_SECRET');
    else if (config.oauth.google.clientSecret.length < 8) invalid.push('HELIXIS_GOOGLE_CLIENT_SECRET');
  }
  if (wants('outlook')) {
    if (!config.oauth.microsoft.clientId) missing.push('HELIXIS_MS_CLIENT_ID');
    if (!config.oauth.microsoft.clientSecret) missing.push('HELIXIS_MS_CLIENT_SECRET');
    else if (config.oauth.microsoft.clientSecret.length < 8) invalid.push('HELIXIS_MS_CLIENT_SECRET');
  }
  let originMismatch = false;
  if (input.origin && publicAppUrl) {
    try {
      originMismatch = new URL(input.origin).origin !== new URL(publicAppUrl).origin;
    } catch {
      originMismatch = true;
    }
  }
  const provider = toOAuthProvider(input.provider);
  let authUrl: string | null = null;
  let redirectUri: string | null = provider ? redirectUriFor(config, provider) : null;
  if (provider && missing.length === 0 && invalid.length === 0) {
    const created = await createAuthorization(ctx, provider, input.return_to);
    authUrl = created.url;
    redirectUri = created.redirectUri;
  }
  return {
    ok: missing.length === 0 && invalid.length === 0,
    publicAppUrl,
    missingSecrets: missing,
    invalidSecrets: invalid,
    authUrl,
    redirectUri,
    originMismatch,
  };
};

// ── callback ────────────────────────────────────────────────────────────────────────────────────

/** Where the browser lands after the flow. */
function landing(
  returnTo: string,
  provider: OAuthProvider | null,
  outcome: { ok: true; diag?: boolean } | { ok: false; code: OAuthErrorCode },
): string {
  const url = new URL(returnTo, 'http://x');
  const onboarding = url.pathname.startsWith('/onboarding');
  if (outcome.ok) {
    if (outcome.diag) url.searchParams.set('diag', 'success');
    else if (onboarding) url.searchParams.set('connected', provider ?? 'gmail');
    else {
      url.searchParams.set('provider', provider ?? 'gmail');
      url.searchParams.set('ok', '1');
    }
  } else if (onboarding) {
    url.searchParams.set('error', outcome.code);
  } else {
    url.searchParams.set('provider', provider ?? 'gmail');
    url.searchParams.set('reason', outcome.code);
  }
  return `${url.pathname}${url.search}`;
}

function failure(
  provider: OAuthProvider | null,
  returnTo: string,
  code: OAuthErrorCode,
  status: number | null = null,
): OAuthCallback {
  return {
    ok: false,
    provider,
    phase: 'Failed',
    account_hint: null,
    error: oauthErrorMessages[code],
    status,
    code,
    return_to: landing(returnTo, provider, { ok: false, code }),
  };
}

/** Maps a token-endpoint failure to the OAuth error codes the browser's return URL carries. */
function classifyTokenError(err: unknown): { code: OAuthErrorCode; status: number | null } {
  if (err instanceof OAuth2RequestError) {
    const known: Partial<Record<string, OAuthErrorCode>> = {
      invalid_client: 'invalid_client',
      unauthorized_client: 'invalid_client',
      invalid_scope: 'invalid_scope',
      redirect_uri_mismatch: 'redirect_uri_mismatch',
      access_denied: 'access_denied',
    };
    return { code: known[err.code] ?? 'oauth_failed', status: 400 };
  }
  if (err instanceof UnexpectedResponseError || err instanceof UnexpectedErrorResponseBodyError) {
    const status = err.status;
    if (status === 404) return { code: 'upstream_404', status };
    if (status >= 500) return { code: 'upstream_5xx', status };
    return { code: 'unexpected_error', status };
  }
  if (err instanceof ArcticFetchError) return { code: 'upstream_5xx', status: null };
  return { code: 'unexpected_error', status: null };
}

function accountHint(tokens: OAuth2Tokens): string | null {
  try {
    const claims = decodeIdToken(tokens.idToken()) as { email?: unknown; preferred_username?: unknown };
    const value = claims.email ?? claims.preferred_username;
    return typeof value === 'string' ? value.slice(0, 200) : null;
  } catch {
    return null;
  }
}

function expiry(tokens: OAuth2Tokens): string | null {
  try {
    return tokens.accessTokenExpiresAt().toISOString();
  } catch {
    return null;
  }
}

export const oauthCallback: EndpointHandler<'oauthCallback'> = async ({ ctx, input }) => {
  const provider = requireOAuthProvider(input.provider);
  const { config } = ctx.deps;
  const fallbackReturn = '/onboarding';
  const state = input.state ? verifyState(config.jwtSecret, input.state) : null;
  const returnTo = state?.returnTo ?? fallbackReturn;
  if (input.error) {
    const code: OAuthErrorCode =
      input.error === 'access_denied' || input.error === 'consent_required'
        ? 'access_denied'
        : ((['invalid_client', 'invalid_scope', 'redirect_uri_mismatch'] as const).find((c) => c === input.error) ??
          'oauth_failed');
    ctx.log.info({ provider, code }, 'oauth provider returned an error');
    return failure(provider, returnTo, code);
  }
  if (!input.code || !input.state) return failure(provider, fallbackReturn, 'missing_oauth_params');
  if (!state || state.provider !== provider || state.userId !== ctx.user.id || state.workspaceId !== ctx.workspace.id) {
    ctx.log.warn({ provider }, 'oauth state rejected');
    return failure(provider, fallbackReturn, 'oauth_failed');
  }
  const settings = settingsFor(config, provider);
  const redirectUri = redirectUriFor(config, provider);
  if (!settings || !redirectUri) throw notConfigured(provider);
  const stored = await ctx.tenant((tx) => repo.consumeState(tx, ctx.workspace.id, state.nonce));
  if (!stored || stored.userId !== ctx.user.id || stored.provider !== provider) {
    return failure(provider, returnTo, 'oauth_failed');
  }
  // The address the code was issued for must be the one we now present (a mismatch aborts).
  if (stored.redirectUri !== redirectUri) return failure(provider, returnTo, 'redirect_uri_mismatch');
  const verifier = decryptSecret(
    config.encryptionKey,
    stored.codeVerifierEncrypted,
    verifierAad(ctx.workspace.id, state.nonce),
  );
  const client = new OAuth2Client(settings.clientId, settings.clientSecret, redirectUri);
  let tokens: OAuth2Tokens;
  try {
    tokens = await client.validateAuthorizationCode(settings.tokenUrl, input.code, verifier);
  } catch (err) {
    const { code, status } = classifyTokenError(err);
    ctx.log.warn(
      { provider, code, status, oauthError: err instanceof OAuth2RequestError ? err.code : undefined },
      'oauth token exchange failed',
    );
    return failure(provider, returnTo, code, status);
  }
  const hint = accountHint(tokens);
  const diag = input.diag === true || input.diag === '1' || input.diag === 'true';
  if (!diag) {
    const key = config.encryptionKey;
    const ws = ctx.workspace.id;
    await ctx.tenant((tx) =>
      repo.saveToken(tx, ws, {
        userId: ctx.user.id,
        provider,
        accessTokenEncrypted: encryptSecret(key, tokens.accessToken(), tokenAad(ws, ctx.user.id, provider, 'access')),
        refreshTokenEncrypted: tokens.hasRefreshToken()
          ? encryptSecret(key, tokens.refreshToken(), tokenAad(ws, ctx.user.id, provider, 'refresh'))
          : null,
        expiresAt: expiry(tokens),
        scopes: tokens.hasScopes() ? tokens.scopes().join(' ') : settings.scopes.join(' '),
        accountHint: hint,
      }),
    );
    ctx.log.info({ provider }, 'oauth connection stored');
  }
  return {
    ok: true,
    provider,
    phase: diag ? 'TokenExchangeOK' : 'Connected',
    account_hint: hint,
    error: null,
    status: 200,
    code: null,
    return_to: landing(returnTo, provider, { ok: true, diag }),
  };
};

// ── tokens in use ───────────────────────────────────────────────────────────────────────────────

export interface TokenScope {
  deps: Deps;
  workspaceId: string;
  userId: string;
  log: Logger;
}

/** Seconds before expiry at which an access token is refreshed instead of used. */
const REFRESH_MARGIN_SECONDS = 120;

/**
 * A usable access token for a connected mailbox: the stored one, or a refreshed one when it expires
 * within two minutes (Microsoft's rotated refresh token is stored). A refused refresh marks the
 * connection as error. Upstream calls run outside the tenant transaction.
 */
export async function freshAccessToken(scope: TokenScope, provider: OAuthProvider): Promise<string> {
  const { config } = scope.deps;
  const inTenant = <T>(fn: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(scope.deps.database, { workspaceId: scope.workspaceId, userId: scope.userId }, fn);
  const row = await inTenant((tx) => repo.findToken(tx, scope.workspaceId, scope.userId, provider));
  if (!row)
    throw new AppError('not_found', { userMessage: `${provider === 'gmail' ? 'Gmail' : 'Outlook'} is not connected.` });
  const key = config.encryptionKey;
  const aad = (kind: 'access' | 'refresh') => tokenAad(scope.workspaceId, scope.userId, provider, kind);
  const expiresAt = row.expiresAt ? Date.parse(row.expiresAt) : Number.POSITIVE_INFINITY;
  if (expiresAt - Date.now() > REFRESH_MARGIN_SECONDS * 1000)
    return decryptSecret(key, row.accessTokenEncrypted, aad('access'));
  const settings = settingsFor(config, provider);
  if (!settings) throw notConfigured(provider);
  if (!row.refreshTokenEncrypted)
    throw new AppError('upstream_unavailable', { userMessage: 'The mail connection has expired. Please reconnect.' });
  const client = new OAuth2Client(settings.clientId, settings.clientSecret, redirectUriFor(config, provider));
  let tokens: OAuth2Tokens;
  try {
    tokens = await client.refreshAccessToken(
      settings.tokenUrl,
      decryptSecret(key, row.refreshTokenEncrypted, aad('refresh')),
      provider === 'outlook' ? [...settings.scopes] : [],
    );
  } catch (err) {
    const { code } = classifyTokenError(err);
    await inTenant((tx) =>
      repo.markTokenError(tx, scope.workspaceId, { userId: scope.userId, provider }, oauthErrorMessages[code]),
    );
    scope.log.warn({ provider, code }, 'oauth refresh failed');
    throw new AppError('upstream_unavailable', {
      userMessage: 'The mail connection has expired. Please reconnect.',
      cause: err,
    });
  }
  await inTenant((tx) =>
    repo.updateTokenAfterRefresh(
      tx,
      scope.workspaceId,
      { userId: scope.userId, provider },
      {
        accessTokenEncrypted: encryptSecret(key, tokens.accessToken(), aad('access')),
        ...(tokens.hasRefreshToken()
          ? { refreshTokenEncrypted: encryptSecret(key, tokens.refreshToken(), aad('refresh')) }
          : {}),
        expiresAt: expiry(tokens),
      },
    ),
  );
  scope.log.info({ provider }, 'oauth access token refreshed');
  return tokens.accessToken();
}

/** Revokes (Google; Microsoft has no per-token revoke) and deletes the caller's connection. */
export const oauthDisconnect: EndpointHandler<'oauthDisconnect'> = async ({ ctx, input }) => {
  const provider = requireOAuthProvider(input.provider);
  const { config } = ctx.deps;
  const row = await ctx.tenant((tx) => repo.findToken(tx, ctx.workspace.id, ctx.user.id, provider));
  if (!row) return { ok: true, revoked: false };
  let revoked = false;
  const settings = settingsFor(config, provider);
  if (settings?.revokeUrl) {
    const blob = row.refreshTokenEncrypted ?? row.accessTokenEncrypted;
    const kind = row.refreshTokenEncrypted ? 'refresh' : 'access';
    try {
      const token = decryptSecret(config.encryptionKey, blob, tokenAad(ctx.workspace.id, ctx.user.id, provider, kind));
      await new OAuth2Client(settings.clientId, settings.clientSecret, null).revokeToken(settings.revokeUrl, token);
      revoked = true;
    } catch (err) {
      // The tokens are deleted anyway; a failed revoke only leaves them to expire at the provider.
      ctx.log.warn({ provider, err: err instanceof Error ? err.name : 'error' }, 'oauth revoke failed');
    }
  }
  await ctx.tenant((tx) => repo.deleteToken(tx, ctx.workspace.id, ctx.user.id, provider));
  ctx.log.info({ provider, revoked }, 'oauth connection removed');
  return { ok: true, revoked };
};

export type { OAuthCallbackInput, OAuthStartInput };
