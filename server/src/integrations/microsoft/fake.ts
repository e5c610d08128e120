import { FakeOAuthProvider } from '../fake-oauth';

/**
 * Local fake of the Microsoft identity platform v2.0 endpoints (`/common/oauth2/v2.0/authorize`,
 * `/token`; refresh tokens rotate; no revoke). Tests point HELIXIS_MS_AUTHORITY_URL at it.
 */
export const FAKE_MS_CLIENT_ID = '00000000-fake-4000-8000-000000000365';
export const FAKE_MS_CLIENT_SECRET = 'fake~ms~client~secret';

export class FakeMicrosoft extends FakeOAuthProvider {
  constructor(options: { redirectUris: string[]; email?: string; accessTokenSeconds?: number }) {
    super({
      clientId: FAKE_MS_CLIENT_ID,
      clientSecret: FAKE_MS_CLIENT_SECRET,
      redirectUris: options.redirectUris,
      email: options.email ?? 'owner@outlook.example',
      accessTokenSeconds: options.accessTokenSeconds,
      rotateRefreshTokens: true,
      paths: { authorize: '/common/oauth2/v2.0/authorize', token: '/common/oauth2/v2.0/token' },
      style: 'microsoft',
    });
  }

  env(): Record<string, string> {
    return {
      HELIXIS_MS_CLIENT_ID: FAKE_MS_CLIENT_ID,
      HELIXIS_MS_CLIENT_SECRET: FAKE_MS_CLIENT_SECRET,
      HELIXIS_MS_AUTHORITY_URL: `${this.url}/common/oauth2/v2.0`,
    };
  }
}
