import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, getJson, signInThroughApi, signUpThroughApi } from '../support/api';
import { fillSignIn, newPage, SCREENSHOT_DIR, shot } from '../support/browser';
import { useProduct } from '../support/product';
import { startServer } from '../support/server';

const SUITE = 'accounts';
const PASSWORD = 'maple-court-77';
const stamp = Date.now();

const product = useProduct({ shared: false });
let owner: ApiUser;
let employee: ApiUser;
let repairUser: ApiUser;
let ownerWorkspaceId: string;

beforeAll(async () => {
  // Accounts come from the product's API; what has no API (an employee membership, a lost default
  // assistant) is written to the stopped server's database, then the server starts again on it.
  const url = product.server.url;
  owner = await signUpThroughApi(url, `owner+${stamp}@oakridge-pm.com`, PASSWORD);
  employee = await signUpThroughApi(url, `leasing+${stamp}@oakridge-pm.com`, PASSWORD);
  repairUser = await signUpThroughApi(url, `ops+${stamp}@harbor-rentals.com`, PASSWORD);
  const ownerMe = await getJson<{ workspace: { id: string } }>(url, '/api/v1/me', owner.accessToken);
  ownerWorkspaceId = ownerMe.body.workspace.id;
  const repairMe = await getJson<{ workspace: { id: string } }>(url, '/api/v1/me', repairUser.accessToken);
  await product.withDatabase(async (db) => {
    await db.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'MEMBER')`, [
      ownerWorkspaceId,
      employee.id,
    ]);
    await db.query('delete from assistants where workspace_id = $1', [repairMe.body.workspace.id]);
  });
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

describe('landing page', () => {
  it('shows the visitor header, five FAQs and the 2025 footer, and signs up through the auth modal', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/signin');
    const faq = page.getByRole('region', { name: 'Questions property managers ask us' });
    expect(await faq.getByRole('button').count()).toBe(5);
    await faq.getByRole('button', { name: 'Will the assistant reply to residents on its own?' }).click();
    await faq.getByText('Only if you allow it.').waitFor();
    expect(await page.getByRole('contentinfo').textContent()).toContain('© 2025 Helixis');
    // The header is sticky: shoot from the top so it sits where a visitor first sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, SUITE, '01-landing');

    // Sign Up in the header opens the modal on its Sign Up tab.
    await header.getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    const form = dialog.getByRole('form', { name: 'Create Account' });
    await form.getByLabel('Email').fill(`new.manager+${stamp}@birchwood-homes.com`);
    await form.getByLabel('Password').fill(PASSWORD);
    await shot(page, SUITE, '02-auth-modal');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/onboarding\?step=integrations/);

    // Back on the landing page within 30 s of signing up: sent on to onboarding again.
    await page.goto('/');
    await page.waitForURL(/\/onboarding\?step=integrations/);
    // The flag is used once: the next visit shows the signed-in header.
    await page.goto('/');
    await page.getByRole('banner').getByText('Welcome back').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).waitFor();
    await shot(page, SUITE, '03-landing-signed-in');
    await page.getByRole('banner').getByRole('link', { name: 'Open app' }).click();
    await page.waitForURL((url) => url.pathname === '/get-started');
    await page.getByRole('heading', { name: 'Setup progress' }).waitFor();
    await page.getByRole('link', { name: 'Continue onboarding' }).waitFor();

    // /welcome is a real page too: what Helixis does and the same setup status.
    await page.goto('/welcome');
    await page.getByRole('heading', { name: 'Welcome to Helixis' }).waitFor();
    await page.getByRole('progressbar', { name: 'Setup progress' }).waitFor();
    await shot(page, SUITE, '03b-welcome');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers two demo messages from a lazily loaded chat, then asks the visitor to sign up', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // The demo feature's chunk (web/src/features/demo, loaded through its index.ts) only after the click.
    const demoChunk = (u: string) => /\/assets\/demo-[\w-]+\.js$/.test(u);
    expect(scripts.some(demoChunk)).toBe(false);

    await page.getByRole('button', { name: 'Try the demo chat' }).click();
    const chat = page.getByRole('region', { name: 'Helixis demo chat' });
    await chat.waitFor();
    expect(scripts.some(demoChunk)).toBe(true);

    await chat.getByLabel('Your message').fill('Does Helixis work with AppFolio?');
    await chat.getByLabel('Your message').press('Enter');
    await chat.getByText(/connects to Buildium and AppFolio/).waitFor();
    await chat.getByText('Demo · 1 of 2 messages left').waitFor();

    await chat.getByRole('button', { name: 'Will it reply to residents on its own?' }).click();
    await chat.getByText(/Only what you approve/).waitFor();
    await chat.getByText('Enjoying the demo? Create a free workspace to keep going.').waitFor();
    expect(await chat.getByLabel('Your message').count()).toBe(0);
    await shot(page, SUITE, '04-demo-chat-limit');

    // Everything of the visitor stays on the device, under local ids.
    const local = await page.evaluate(() => JSON.parse(localStorage.getItem('helixis_local_profile') ?? 'null'));
    expect(local.id).toMatch(/^local_/);
    expect(local.sessionId).toMatch(/^session_/);

    // A reload does not reset the allowance.
    await page.reload();
    await page.getByRole('button', { name: 'Try the demo chat' }).click();
    await page.getByRole('region', { name: 'Helixis demo chat' }).getByText('Demo · 0 of 2 messages left').waitFor();

    // The prompt leads to sign-up.
    await page.getByRole('button', { name: 'Sign up to keep chatting' }).click();
    expect(await page.getByRole('dialog').getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await context.close();
  });
});

describe('sign-in screen', () => {
  it('explains why the user was sent to sign in', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/signin?reason=session_expired&next=%2Fchat');
    await page.getByText('Your session has expired. Please sign in again to continue.').waitFor();
    await page.getByRole('form', { name: 'Sign In' }).getByLabel('Email').fill(owner.email);
    await shot(page, SUITE, '05-sign-in');
    await context.close();
  });
});

describe('roles', () => {
  it('shows Access Restricted to an employee opening a manager page, and the server refuses too', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/signin');
    await fillSignIn(page, employee.email, employee.password);
    await page.waitForURL((url) => url.pathname === '/get-started');
    await page.getByText('Employee').first().waitFor();

    await page.goto('/admin');
    await page.getByText('Access Restricted').waitFor();
    await page.getByText('This page requires manager permissions to access.').waitFor();
    await page.getByText('Manager access required').waitFor();
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
    await shot(page, SUITE, '06-access-restricted');

    // The test pages: /test-assistant sends an employee back to /chat with a
    // toast; /test-assistant-mode shows its permission notice. The server refuses both too (below).
    await page.goto('/test-assistant');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Access denied: Manager role required' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/chat');
    await page.goto('/test-assistant-mode');
    await page.getByText('Test Assistant Mode requires manager permissions').waitFor();
    expect(await page.getByRole('switch', { name: 'Test mode' }).count()).toBe(0);

    const token = await signInThroughApi(product.server.url, employee.email, employee.password);
    const logs = await getJson<{ error: { code: string } }>(product.server.url, '/api/v1/activity-logs', token);
    expect(logs.status).toBe(403);
    expect(logs.body.error.code).toBe('insufficient_role');
    for (const path of ['/api/v1/assistants/question-set', '/api/v1/assistants/comparisons/latest']) {
      expect((await getJson(product.server.url, path, token)).status).toBe(403);
    }
    const testCopy = await fetch(`${product.server.url}/api/v1/assistants/test-copy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(testCopy.status).toBe(403);
    const ownerToken = await signInThroughApi(product.server.url, owner.email, owner.password);
    expect((await getJson(product.server.url, '/api/v1/activity-logs', ownerToken)).status).toBe(200);
    await context.close();
  });
});

describe('workspace states', () => {
  it('shows Workspace Setup Failed when the workspace cannot be loaded', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/signin');
    await fillSignIn(page, owner.email, owner.password);
    await page.waitForURL((url) => url.pathname === '/get-started');
    // The server is made to answer the workspace read with the failure a corrupted workspace gives.
    await page.route('**/api/v1/me', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'workspace_missing', message: 'Your workspace is missing or corrupted...' },
        }),
      }),
    );
    await page.reload();
    await page.getByText('Workspace Setup Failed').first().waitFor();
    await page.getByText('Your workspace is missing or corrupted...').first().waitFor();
    await shot(page, SUITE, '07-workspace-error');

    await page.unroute('**/api/v1/me');
    await page.getByRole('button', { name: 'Try Again' }).first().click();
    await page.getByRole('heading', { name: /^Welcome to / }).waitFor();
    await context.close();
  });

  it('repairs a workspace whose default assistant went missing', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/signin?next=%2Fget-started');
    await fillSignIn(page, repairUser.email, repairUser.password);
    await page.waitForURL((url) => url.pathname === '/get-started');
    await page.getByText('No assistant was found in this workspace.', { exact: false }).waitFor();
    await shot(page, SUITE, '08-repair-idle');
    await page.getByRole('button', { name: 'Repair workspace' }).click();
    await page.getByText('Workspace repair completed successfully! Please refresh the page.').waitFor();
    await shot(page, SUITE, '09-repair-success');

    const token = await signInThroughApi(product.server.url, repairUser.email, repairUser.password);
    const list = await getJson<{ assistants: { name: string }[] }>(product.server.url, '/api/v1/assistants', token);
    expect(list.body.assistants.map((a) => a.name)).toEqual(['Helixis']);
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await page.getByText('Your AI assistant').first().waitFor();
    await context.close();
  });
});

describe('session', () => {
  it('sends a user whose session was ended elsewhere to sign in, saying why, and back afterwards', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/signin');
    await fillSignIn(page, owner.email, owner.password);
    await page.waitForURL((url) => url.pathname === '/get-started');
    await page.getByRole('heading', { name: /^Welcome to / }).waitFor();

    // "Sign out everywhere" from another device ends the browser's session on the server.
    const token = await signInThroughApi(product.server.url, owner.email, owner.password);
    const logout = await fetch(`${product.server.url}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);

    // The next page the user opens is checked by the route guard (after its 1 s delay). On a slow
    // machine the onboarding page's own status poll can meet the refused session first; then the
    // user is sent from that page instead. Either way the sign-in page says why and returns there.
    // (When the poll won, the link is gone with the page; the wait below still has to see the reason.)
    await page
      .getByRole('link', { name: 'Chat' })
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.get('reason') === 'session_expired');
    const next = new URL(page.url()).searchParams.get('next');
    expect(['/chat', '/get-started']).toContain(next);
    await page.getByText('Your session has expired. Please sign in again to continue.').waitFor();
    await shot(page, SUITE, '11-session-ended-elsewhere');

    await fillSignIn(page, owner.email, owner.password);
    await page.waitForURL((url) => url.pathname === next);
    await context.close();
  });

  it('refreshes an expired access token silently while the user keeps working', async () => {
    // A server whose access tokens live 30 s (the shortest it allows).
    const shortLived = await startServer({ HELIXIS_ACCESS_TOKEN_TTL: '30' });
    try {
      const user = await signUpThroughApi(shortLived.url, `night.shift+${stamp}@oakridge-pm.com`, PASSWORD);
      const { context, page } = await newPage(product.browser, shortLived.url);
      await page.goto('/signin');
      await fillSignIn(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname === '/get-started');
      const readSession = () =>
        page.evaluate(() => {
          const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k));
          const raw = key ? localStorage.getItem(key) : null;
          return raw ? (JSON.parse(raw) as { access_token: string; expires_at: number }) : null;
        });
      const first = await readSession();
      expect(first).not.toBeNull();
      if (!first) return;

      // Wait past the first token's expiry.
      const waitMs = first.expires_at * 1000 - Date.now() + 3_000;
      await page.waitForTimeout(Math.max(0, waitMs));
      const expired = await getJson(shortLived.url, '/api/v1/me', first.access_token);
      expect(expired.status).toBe(401);

      // The user carries on: an in-app navigation loads data with a fresh token, without a sign-in.
      const meAnswers: number[] = [];
      page.on('response', (res) => {
        if (res.url().endsWith('/api/v1/me')) meAnswers.push(res.status());
      });
      await page.getByRole('link', { name: 'Chat' }).first().click();
      await page.getByRole('link', { name: 'Get started' }).first().click();
      await page.getByRole('heading', { name: /^Welcome to / }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: /^Welcome to / }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/get-started');
      const second = await readSession();
      expect(second?.access_token).not.toBe(first.access_token);
      expect(second && second.expires_at > first.expires_at).toBe(true);
      expect((await getJson(shortLived.url, '/api/v1/me', second?.access_token)).status).toBe(200);
      expect(meAnswers.length).toBeGreaterThan(0);
      expect(meAnswers.every((s) => s === 200)).toBe(true);
      await shot(page, SUITE, '10-after-silent-refresh');
      await context.close();
    } finally {
      await shortLived.stop();
    }
  });
});
