import { FakeOAuthProvider } from '../fake-oauth';

/**
 * Local fake of Google's OAuth 2.0 server (accounts.google.com authorize, oauth2.googleapis.com
 * token and revoke paths). Tests point HELIXIS_GOOGLE_AUTH_URL / _TOKEN_URL / _REVOKE_URL at it.
 */
export const FAKE_GOOGLE_CLIENT_ID = 'fake-google-client.apps.googleusercontent.com';
export const FAKE_GOOGLE_CLIENT_SECRET = 'GOCSPX-fake-google-secret';

export class FakeGoogle extends FakeOAuthProvider {
  constructor(options: { redirectUris: string[]; email?: string; accessTokenSeconds?: number }) {
    super({
      clientId: FAKE_GOOGLE_CLIENT_ID,
      clientSecret: FAKE_GOOGLE_CLIENT_SECRET,
      redirectUris: options.redirectUris,
      email: options.email ?? 'owner@gmail.example',
      accessTokenSeconds: options.accessTokenSeconds,
      rotateRefreshTokens: false,
      paths: { authorize: '/o/oauth2/v2/auth', token: '/token', revoke: '/revoke' },
      style: 'google',
    });
  }

  /** Environment for the server under test. */
  env(): Record<string, string> {
    return {
      HELIXIS_GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      HELIXIS_GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT_SECRET,
      HELIXIS_GOOGLE_AUTH_URL: this.authorizeUrl,
      HELIXIS_GOOGLE_TOKEN_URL: this.tokenUrl,
      HELIXIS_GOOGLE_REVOKE_URL: this.revokeUrl,
    };
  }
}
