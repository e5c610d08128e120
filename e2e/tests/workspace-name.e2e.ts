import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, getJson, signUpThroughApi } from '../support/api';
import { SCREENSHOT_DIR, shot, signInAt, watchCspViolations } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'workspace-name';
const PASSWORD = 'juniper-court-58';
const stamp = Date.now();

const product = useProduct();
let owner: ApiUser;

interface Me {
  workspace: { id: string; name: string };
}

const workspaceName = async (token: string) =>
  (await getJson<Me>(product.server.url, '/api/v1/me', token)).body.workspace.name;

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `pat+${stamp}@juniper-court.com`, PASSWORD);
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

/** The sidebar's workspace name (the <aside> of the signed-in shell). */
const sidebarName = (page: Page, name: string) => page.getByRole('complementary').getByText(name, { exact: true });

/** On a phone the workspace name is in the Menu drawer: opens it, waits for the name, closes it. */
async function phoneMenuShows(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByText(name, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Close menu' }).click();
}

async function renameInSettings(page: Page, name: string, phone = false): Promise<void> {
  const field = page.getByLabel('Workspace name');
  await field.fill(name);
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByText('Workspace renamed.').first().waitFor();
  if (phone) await phoneMenuShows(page, name);
  else await sidebarName(page, name).waitFor();
}

describe('Workspace name', () => {
  it('takes the business name from onboarding, then the owner renames it in Settings at 1366 and 390 px', async () => {
    expect(await workspaceName(owner.accessToken)).toBe(`pat+${stamp} Workspace`);
    // Onboarding learns the business name: the sign-up default gives way to it.
    const round = await fetch(`${product.server.url}/api/v1/onboarding/rounds/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
      body: JSON.stringify({
        answers: ['Business name: Juniper Court Rentals\nWe rent 40 townhomes in Boise, Idaho to families.'],
        complete: true,
      }),
    });
    expect(round.status).toBe(200);
    expect(await workspaceName(owner.accessToken)).toBe('Juniper Court Rentals');

    // Desktop.
    const desktop = await product.browser.newContext({
      baseURL: product.server.url,
      viewport: { width: 1366, height: 900 },
    });
    const page = await desktop.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const csp = await watchCspViolations(page);
    await signInAt(page, '/settings', owner.email, PASSWORD);
    await page.getByRole('heading', { name: 'Workspace', exact: true }).waitFor();
    await sidebarName(page, 'Juniper Court Rentals').waitFor();
    expect(await page.getByLabel('Workspace name').inputValue()).toBe('Juniper Court Rentals');

    // The rules are checked before sending, with the server's texts.
    await page.getByLabel('Workspace name').fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('A workspace name is required.').waitFor();
    await shot(page, SUITE, '01-settings-empty-name-1366');

    await renameInSettings(page, '  Juniper Court Homes  ');
    expect(await workspaceName(owner.accessToken)).toBe('Juniper Court Homes');
    await shot(page, SUITE, '02-renamed-1366');
    await page.reload();
    await sidebarName(page, 'Juniper Court Homes').waitFor();
    expect(await page.getByLabel('Workspace name').inputValue()).toBe('Juniper Court Homes');
    await desktop.close();

    // Phone.
    const phone = await product.browser.newContext({
      baseURL: product.server.url,
      viewport: { width: 390, height: 844 },
    });
    const mobile = await phone.newPage();
    mobile.on('pageerror', (err) => errors.push(err.message));
    const mobileCsp = await watchCspViolations(mobile);
    await signInAt(mobile, '/settings', owner.email, PASSWORD);
    await phoneMenuShows(mobile, 'Juniper Court Homes');
    await renameInSettings(mobile, 'Juniper Court Homes & Townhouses of Boise', true);
    expect(await workspaceName(owner.accessToken)).toBe('Juniper Court Homes & Townhouses of Boise');
    const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(mobile, SUITE, '03-renamed-390');
    await phone.close();

    expect(errors).toEqual([]);
    expect([...csp, ...mobileCsp]).toEqual([]);
  });
});
