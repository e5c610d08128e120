import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeOnboardingThroughApi,
  signInThroughApi,
  signUpThroughApi,
  uploadAndWaitThroughApi,
} from '../support/api';
import { fillSignIn, SCREENSHOT_DIR } from '../support/browser';
import { useProduct } from '../support/product';
import { repoRoot } from '../support/server';

/**
 * Every route of web/src/app/routes.tsx, public and signed-in (an owner with a finished onboarding, a
 * document and an automation), at a phone (390×844) and a laptop (1366×900): no horizontal overflow, no
 * serious or critical axe-core violation, and a screenshot e2e/screenshots/routes-<name>-<width>.png.
 */

const PASSWORD = 'harbor-view-42';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

interface RouteVisit {
  /** The routes.tsx path this visit covers. */
  route: string;
  /** The address visited (parameters filled in). */
  url: string;
  /** File-name part of the screenshot. */
  name: string;
  signedIn: boolean;
  /** What shows that the page has rendered; default: its h1. */
  ready?: (page: Page) => Promise<unknown>;
  /**
   * Problems inside a page another slice of issue 28 owns (part B: chat, documents, settings contents),
   * reported here and left to that slice: printed, not failed. Anything else on the page still fails.
   */
  elsewhere?: RegExp[];
}

const heading = (page: Page) => page.locator('h1').first().waitFor({ timeout: 15_000 });

const VISITS: RouteVisit[] = [
  { route: '/', url: '/', name: 'landing', signedIn: false },
  { route: '/signin', url: '/signin', name: 'signin', signedIn: false },
  { route: '/auth', url: '/auth', name: 'auth', signedIn: false },
  { route: '/signup', url: '/signup', name: 'signup', signedIn: false },
  { route: '/invite', url: '/invite', name: 'invite', signedIn: false },
  { route: '*', url: '/no-such-page', name: 'not-found', signedIn: false },
  { route: '/auth-redirect', url: '/auth-redirect', name: 'auth-redirect', signedIn: true },
  { route: '/ai-consulting/*', url: '/ai-consulting/plan', name: 'ai-consulting', signedIn: true },
  { route: '/get-started', url: '/get-started', name: 'get-started', signedIn: true },
  { route: '/welcome', url: '/welcome', name: 'welcome', signedIn: true },
  { route: '/profile/basic', url: '/profile/basic', name: 'profile-basic', signedIn: true },
  { route: '/onboarding', url: '/onboarding', name: 'onboarding', signedIn: true },
  { route: '/onboarding/buildium', url: '/onboarding/buildium', name: 'onboarding-buildium', signedIn: true },
  { route: '/onboarding/ready', url: '/onboarding/ready', name: 'onboarding-ready', signedIn: true },
  { route: '/dashboard', url: '/dashboard', name: 'dashboard', signedIn: true },
  {
    route: '/dashboard',
    url: '/dashboard?view=teach',
    name: 'dashboard-teach',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { name: 'Teach Your AI', level: 1 }).waitFor(),
  },
  { route: '/final-dashboard', url: '/final-dashboard', name: 'final-dashboard', signedIn: true },
  { route: '/onboarding/confirm', url: '/onboarding/confirm', name: 'onboarding-confirm', signedIn: true },
  { route: '/automations', url: '/automations', name: 'automations', signedIn: true },
  { route: '/connect', url: '/connect', name: 'connect', signedIn: true },
  { route: '/settings', url: '/settings', name: 'settings', signedIn: true },
  {
    route: '/settings/integrations/:provider',
    url: '/settings/integrations/buildium',
    name: 'settings-buildium',
    signedIn: true,
  },
  {
    route: '/settings/integrations/:provider',
    url: '/settings/integrations/appfolio',
    name: 'settings-appfolio',
    signedIn: true,
  },
  {
    route: '/settings/integrations/:provider/test',
    url: '/settings/integrations/appfolio/test',
    name: 'appfolio-test',
    signedIn: true,
  },
  { route: '/settings/integrations', url: '/settings/integrations', name: 'settings-integrations', signedIn: true },
  { route: '/assistants/new', url: '/assistants/new', name: 'assistants-new', signedIn: true },
  { route: '/create-assistant', url: '/create-assistant', name: 'create-assistant', signedIn: true },
  { route: '/chat', url: '/chat', name: 'chat', signedIn: true },
  { route: '/test-assistant', url: '/test-assistant', name: 'test-assistant', signedIn: true },
  { route: '/test-assistant-mode', url: '/test-assistant-mode', name: 'test-assistant-mode', signedIn: true },
  {
    route: '/employee-chat',
    url: '/employee-chat',
    name: 'employee-chat',
    signedIn: true,
    ready: (page) => page.getByText("Today's tasks").first().waitFor(),
  },
  { route: '/integrations/email', url: '/integrations/email', name: 'integrations-email', signedIn: true },
  // A system's own spec address of its test panel (the catalogue's testRoute, not a literal of routes.tsx).
  { route: '/buildium-test', url: '/buildium-test', name: 'buildium-test', signedIn: true },
  {
    route: '/oauth/:provider/start',
    url: '/oauth/gmail/start',
    name: 'oauth-start',
    signedIn: true,
    // OAuth is not configured on the test server: the page explains the failure (then leaves after 3 s).
    ready: (page) => page.getByRole('alert').first().waitFor(),
  },
  {
    route: '/oauth/:provider/callback',
    url: '/oauth/gmail/callback',
    name: 'oauth-callback',
    signedIn: true,
    ready: (page) => page.locator('main').first().waitFor(),
  },
  { route: '/diagnostics/oauth', url: '/diagnostics/oauth', name: 'diagnostics-oauth', signedIn: true },
  {
    route: '/documents',
    url: '/documents',
    name: 'documents',
    signedIn: true,
  },
  { route: '/admin', url: '/admin', name: 'admin', signedIn: true },
  // The uploaded document's id is filled in when the visit runs.
  { route: '/documents/:id', url: '/documents/:id', name: 'document', signedIn: true },
  { route: '/facts', url: '/facts', name: 'facts', signedIn: true },
  // The public view a widget source opens: the public document's id and the widget's id are filled in.
  {
    route: '/p/:widget/documents/:id',
    url: '/p/:widget/documents/:id#passage-1',
    name: 'public-passage',
    signedIn: false,
    ready: (page) => page.locator('[data-highlighted]').first().waitFor({ timeout: 15_000 }),
  },
  {
    route: '/p/:widget/documents/:id',
    url: '/p/:widget/documents/00000000-0000-4000-8000-000000000000',
    name: 'public-passage-unavailable',
    signedIn: false,
  },
  { route: '/reset-password', url: '/reset-password', name: 'reset-password', signedIn: false },
];

/** The paths declared in routes.tsx, so a route added there without a visit here fails the test. */
function declaredRoutes(): string[] {
  const source = readFileSync(path.join(repoRoot, 'web/src/app/routes.tsx'), 'utf8');
  return [...source.matchAll(/\bpath:\s*'([^']+)'/g)].map((m) => m[1] as string);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page; returns the serious and critical violations, and every landmark-* finding
 * whatever its impact (one <main> per page, no landmark inside another that must be top level).
 */
async function axeViolations(page: Page): Promise<Finding[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    interface AxeResult {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] }[];
    }
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id.startsWith('landmark-'))
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 140)}`),
      }));
  });
}

/** Waits until the lazy page code has loaded and nothing in the main area is still loading. */
async function settle(page: Page, visit: RouteVisit): Promise<void> {
  await (visit.ready ?? heading)(page);
  // Spinners are role=status; a page whose status line stays (a live message) is measured as it is.
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[role="progressbar"][aria-label="Loading page"]') &&
        !document.querySelector('main [role="status"] .animate-spin'),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  // Let late layout (fonts, charts, images) finish before measuring.
  await page.waitForTimeout(300);
}

const product = useProduct();
const email = `owner+${Date.now()}@harbor-view.com`;
let documentId = '';
let widgetId = '';

beforeAll(async () => {
  const owner = await signUpThroughApi(product.server.url, email, PASSWORD);
  // GET /me makes the workspace; then a finished onboarding, a document and an automation.
  const me = await fetch(`${product.server.url}/api/v1/me`, {
    headers: { authorization: `Bearer ${owner.accessToken}` },
  });
  expect(me.status).toBe(200);
  const token = await signInThroughApi(product.server.url, email, PASSWORD);
  await completeOnboardingThroughApi(
    product.server.url,
    token,
    'Harbor View Rentals manages 120 apartments by the harbour for families and students, with on-site maintenance.',
  );
  documentId = await uploadAndWaitThroughApi(
    product.server.url,
    token,
    'Pet Policy.txt',
    'Dogs under 30 lb are allowed with a $250 deposit. Cats are welcome. Office hours are 9 am to 5 pm, Monday to Friday.',
  );
  // The document is public for the website widget, so the public passage view can show it.
  const shared = await fetch(`${product.server.url}/api/v1/documents/${documentId}/public`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ public: true }),
  });
  expect(shared.ok).toBe(true);
  const widget = await fetch(`${product.server.url}/api/v1/widget`, { headers: { authorization: `Bearer ${token}` } });
  widgetId = ((await widget.json()) as { public_id: string }).public_id;
  const automation = await fetch(`${product.server.url}/api/v1/automations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ kind: 'email_inbox', name: 'Tenant inbox triage' }),
  });
  expect(automation.ok).toBe(true);
});

async function contextAt(size: (typeof SIZES)[number], signedIn: boolean): Promise<BrowserContext> {
  // bypassCSP: axe-core is injected as an inline script, which the app's policy (rightly) refuses.
  const context = await product.browser.newContext({ baseURL: product.server.url, viewport: size, bypassCSP: true });
  if (signedIn) {
    const page = await context.newPage();
    await page.goto('/signin');
    await fillSignIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/signin');
    await page.close();
  }
  return context;
}

describe('every route at phone and laptop size', () => {
  it('covers every path of routes.tsx', () => {
    const visited = new Set(VISITS.map((v) => v.route));
    expect(declaredRoutes().filter((route) => !visited.has(route))).toEqual([]);
  });

  for (const size of SIZES) {
    describe(`at ${size.width}×${size.height}`, () => {
      const pages = new Map<boolean, Page>();
      const contexts: BrowserContext[] = [];
      beforeAll(async () => {
        for (const signedIn of [false, true]) {
          const context = await contextAt(size, signedIn);
          contexts.push(context);
          pages.set(signedIn, await context.newPage());
        }
      });
      afterAll(async () => {
        for (const context of contexts) await context.close();
      });

      for (const visit of VISITS) {
        it(`${visit.url}: no horizontal overflow, no serious or critical axe violation, no landmark finding`, async () => {
          const page = pages.get(visit.signedIn) as Page;
          const problems: string[] = [];
          await page.goto(visit.url.replace(':widget', widgetId).replace(':id', documentId));
          try {
            await settle(page, visit);
          } catch (error) {
            problems.push(`did not render (${(error as Error).message.split('\n')[0]})`);
          }
          const overflow = await page.evaluate(() => {
            const root = document.scrollingElement ?? document.documentElement;
            return { scrollWidth: root.scrollWidth, innerWidth: globalThis.innerWidth };
          });
          if (overflow.scrollWidth > overflow.innerWidth) {
            problems.push(`overflows (${overflow.scrollWidth} > ${overflow.innerWidth})`);
          }
          if ((await page.locator('h1').count()) === 0) problems.push('no h1');
          for (const v of await axeViolations(page)) {
            problems.push(`${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
          }
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `routes-${visit.name}-${size.width}.png`),
            fullPage: true,
          });
          const elsewhere = problems.filter((p) => visit.elsewhere?.some((pattern) => pattern.test(p)));
          for (const p of elsewhere) process.stdout.write(`[left to part B] ${visit.url} @${size.width}: ${p}\n`);
          expect(
            problems.filter((p) => !elsewhere.includes(p)),
            `${visit.url} at ${size.width}`,
          ).toEqual([]);
        });
      }
    });
  }
});

/** The contrast ratio (WCAG) of two CSS colours, computed in the page through a canvas. */
function contrastInPage(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    ([first, second]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      const luminance = (color: string) => {
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = color;
        ctx.fillRect(0, 0, 1, 1);
        const [r, g, b] = [...ctx.getImageData(0, 0, 1, 1).data].map((v) => {
          const c = v / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        }) as [number, number, number];
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [l1, l2] = [luminance(first as string), luminance(second as string)].sort((x, y) => y - x) as [
        number,
        number,
      ];
      return (l1 + 0.05) / (l2 + 0.05);
    },
    [a, b],
  );
}

const active = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName ?? '', role: el?.getAttribute('role') ?? '', text: el?.textContent?.trim() ?? '' };
  });

describe('keyboard, focus and fit on a phone', () => {
  it('skip link first, no tab stop on the sign-in panel, the menu drawer, focus on the new heading, a 3:1 outline, dialogs that fit', async () => {
    const context = await product.browser.newContext({
      baseURL: product.server.url,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();

    // The first Tab stop is the skip link, visible when focused; Enter moves focus into the main content.
    await page.goto('/signin');
    await page.getByRole('form', { name: 'Sign In' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await active(page)).toMatchObject({ tag: 'A', text: 'Skip to main content' });
    const skip = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox();
    expect(skip && skip.width > 1 && skip.height > 1 && skip.y >= 0).toBe(true);
    await page.keyboard.press('Enter');
    expect((await active(page)).tag).toBe('MAIN');

    // Tabbing through the sign-in page never lands on the tab panel itself (only tabs, fields and buttons).
    const stops: string[] = [];
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      const el = await active(page);
      stops.push(el.role || el.tag);
    }
    expect(stops).not.toContain('tabpanel');
    expect(stops).toContain('INPUT');

    await fillSignIn(page, email, PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/signin');

    // Phones get one navigation, as a menu: a button opening a drawer with the links.
    await page.goto('/dashboard');
    await page.locator('h1').first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('navigation', { name: 'Main' }).waitFor();
    const drawerBox = await drawer.boundingBox();
    expect(drawerBox && drawerBox.x >= 0 && drawerBox.x + drawerBox.width <= 390).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    await drawer.getByRole('link', { name: 'Automations' }).focus();
    await page.keyboard.press('Enter');

    // After the route change the drawer is gone and focus is on the new page's heading.
    await page.waitForURL((url) => url.pathname === '/automations');
    await drawer.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect((await active(page)).text).toBe('Automations');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'routes-focus-after-navigation-390.png') });

    // The keyboard focus outline: solid, at least 2 px, over 3:1 against the page and a card.
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return {
        visible: el.matches(':focus-visible'),
        style: style.outlineStyle,
        width: Number.parseFloat(style.outlineWidth),
        color: style.outlineColor,
        page: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(ring.visible).toBe(true);
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(await contrastInPage(page, ring.color, ring.page)).toBeGreaterThanOrEqual(3);
    expect(await contrastInPage(page, ring.color, '#ffffff')).toBeGreaterThanOrEqual(3);

    // A dialog fits the phone's screen.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Customize dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customize dashboard' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'routes-dialog-390.png') });
    await context.close();
  });
});
