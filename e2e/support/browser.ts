import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot } from './server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(repoRoot, 'e2e/screenshots');

/** `extraArgs` adds Chromium switches, e.g. a fake microphone for the voice test. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Collects the page's Content-Security-Policy violations (directive and blocked address) from the
 * browser's `securitypolicyviolation` events, registered before any page script runs. A test asserts
 * the list is empty after walking its pages.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__helixisCspViolation', (text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __helixisCspViolation: (text: string) => void }).__helixisCspViolation;
      const where = event.sourceFile
        ? ` (${event.sourceFile.split('/').pop()}:${event.lineNumber}:${event.columnNumber})`
        : '';
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}${where}`);
    });
  });
  return violations;
}

/** Saves a full-page screenshot under e2e/screenshots/<suite>/<step>.png and returns its path. */
export async function shot(page: Page, suite: string, step: string): Promise<string> {
  const dir = path.join(SCREENSHOT_DIR, suite);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${step}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Fills the real Sign In form on the current page and submits it. */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens /signin?next=<next>, signs in through the form, and waits until the app shows `next`'s page. */
export async function signInAt(page: Page, next: string, email: string, password: string): Promise<void> {
  await page.goto(`/signin?next=${encodeURIComponent(next)}`);
  await fillSignIn(page, email, password);
  const pathname = new URL(next, 'http://app.invalid').pathname;
  await page.waitForURL((url) => url.pathname === pathname);
}

/**
 * Types a chat message and sends it with Enter once the composer accepts it: Send stays disabled while
 * the previous answer is being stored, and an Enter pressed then is ignored.
 */
export async function sendChatMessage(page: Page, text: string): Promise<void> {
  const input = page.getByPlaceholder('Message Helixis...');
  await input.fill(text);
  await page.waitForFunction(
    () => (document.querySelector('button[aria-label="Send"]') as HTMLButtonElement | null)?.disabled === false,
  );
  await input.press('Enter');
}
