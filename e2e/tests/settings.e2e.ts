import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiUser,
  completeOnboardingThroughApi,
  getJson,
  signInThroughApi,
  signUpThroughApi,
} from '../support/api';
import { fillSignIn, newPage, SCREENSHOT_DIR, shot } from '../support/browser';
import { useProduct } from '../support/product';

const SUITE = 'settings';
const PASSWORD = 'birch-hollow-31';
const stamp = Date.now();
const OPERATOR_EMAIL = `ops+${stamp}@helixis-platform.com`;

const product = useProduct({ env: { HELIXIS_OPERATOR_EMAILS: OPERATOR_EMAIL } });
let owner: ApiUser;
let invitee: ApiUser;
let ownerWorkspaceId: string;

interface Me {
  workspace: { id: string; name: string };
  role: string;
}

/** The invitation link as the invitee receives it: from the dev outbox, like reading the mail. */
async function invitationLinkFor(email: string): Promise<string> {
  const outbox = await getJson<{ mails: { subject: string; text: string }[] }>(
    product.server.url,
    `/auth/v1/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  const mail = outbox.body.mails[0];
  expect(mail?.subject).toMatch(/^You are invited to .+ on Helixis$/);
  const link = /(http\S+\/invite#[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!link) throw new Error(`no invitation link in: ${mail?.text}`);
  return link;
}

async function teamRoles(token: string): Promise<Record<string, string>> {
  const team = await getJson<{ members: { email: string; role: string }[] }>(product.server.url, '/api/v1/team', token);
  return Object.fromEntries(team.body.members.map((m) => [m.email, m.role]));
}

beforeAll(async () => {
  owner = await signUpThroughApi(product.server.url, `owner+${stamp}@birch-hollow.com`, PASSWORD);
  ownerWorkspaceId = (await getJson<Me>(product.server.url, '/api/v1/me', owner.accessToken)).body.workspace.id;
  await completeOnboardingThroughApi(
    product.server.url,
    owner.accessToken,
    'Birch Hollow Rentals manages 60 apartments and townhomes in Madison, Wisconsin for families and students.',
  );
  invitee = await signUpThroughApi(product.server.url, `leasing+${stamp}@birch-hollow.com`, PASSWORD);
  process.stdout.write(`Screenshots: ${SCREENSHOT_DIR}/${SUITE}\n`);
});

describe('Settings: team, account and data', () => {
  it('invites a member by e-mail link, who accepts in another browser; the owner changes the role and removes them', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/signin?next=%2Fsettings');
    await fillSignIn(page, owner.email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/settings');
    for (const heading of [
      'One-click integration',
      'Business profile description',
      'Account',
      'Team members and roles',
      'Data',
    ]) {
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    await page.getByText(`Signed in as ${owner.email}`).waitFor();
    await page.getByText('Assistant mode: Operational').waitFor();
    await shot(page, SUITE, '01-settings');

    // A bad address is refused in the form; a good one is invited.
    const invite = page.getByRole('form', { name: 'Invite a team member' });
    await invite.getByLabel('E-mail address').fill('not-an-address');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText('Invalid format').waitFor();
    await invite.getByLabel('E-mail address').fill(invitee.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${invitee.email}`).waitFor();
    await page.getByRole('list', { name: 'Pending invitations' }).getByText(invitee.email).waitFor();
    await shot(page, SUITE, '02-invited');

    // The invitee opens the mailed link in their own browser, signs in, and accepts.
    const link = await invitationLinkFor(invitee.email);
    const second = await newPage(product.browser, product.server.url);
    await second.page.goto(link);
    await second.page.getByText(`invited ${invitee.email} to join`, { exact: false }).waitFor();
    await shot(second.page, SUITE, '03-invite-signed-out');
    await second.page.getByRole('link', { name: 'Sign in to accept' }).click();
    await fillSignIn(second.page, invitee.email, PASSWORD);
    await second.page.waitForURL((url) => url.pathname === '/invite');
    await second.page.getByRole('button', { name: 'Accept invitation' }).click();
    await second.page.waitForURL((url) => url.pathname === '/settings');
    await second.page.getByText('You joined', { exact: false }).waitFor();
    const memberList = second.page.getByRole('list', { name: 'Team members' });
    await memberList.getByText(owner.email).waitFor();
    // The member works from the owner's description (read-only for them), so the assistant is operational.
    await second.page.getByText('Assistant mode: Operational').waitFor();
    await second.page.getByText('Written by the workspace owner.').waitFor();
    // A member sees the team but cannot invite or change roles.
    expect(await second.page.getByRole('form', { name: 'Invite a team member' }).count()).toBe(0);
    expect(await second.page.getByRole('combobox', { name: `Role of ${owner.email}` }).count()).toBe(0);
    await shot(second.page, SUITE, '04-member-joined');
    const inviteeToken = await signInThroughApi(product.server.url, invitee.email, PASSWORD);
    const memberMe = await getJson<Me>(product.server.url, '/api/v1/me', inviteeToken);
    expect(memberMe.body).toMatchObject({ workspace: { id: ownerWorkspaceId }, role: 'MEMBER' });

    // The owner sees the new member, makes them an admin, then removes them.
    await page.reload();
    const row = page.getByTestId('team-member').filter({ hasText: invitee.email });
    await row.waitFor();
    await row.getByRole('combobox', { name: `Role of ${invitee.email}` }).selectOption('ADMIN');
    await page.getByText('Role updated').waitFor();
    expect((await teamRoles(owner.accessToken))[invitee.email]).toBe('ADMIN');
    await shot(page, SUITE, '05-role-changed');
    await row.getByRole('button', { name: `Remove ${invitee.email}` }).click();
    await page.getByText('Member removed').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await teamRoles(owner.accessToken)).toEqual({ [owner.email]: 'OWNER' });
    const afterRemoval = await getJson<Me>(product.server.url, '/api/v1/me', inviteeToken);
    expect(afterRemoval.body.workspace.id).not.toBe(ownerWorkspaceId);
    await shot(page, SUITE, '06-member-removed');

    expect(errors).toEqual([]);
    await second.context.close();
    await context.close();
  });

  it('a new person creates their account from the link and joins as an admin', async () => {
    const email = `newcomer+${stamp}@birch-hollow.com`;
    const sent = await fetch(`${product.server.url}/api/v1/team/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, role: 'ADMIN' }),
    });
    expect(sent.status).toBe(200);
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto(await invitationLinkFor(email));
    await page.getByText('as an admin', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Create an account' }).click();
    const signUp = page.getByRole('form', { name: 'Create Account' });
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/invite');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    // An admin may invite, so the form is there; the owner's role is not theirs to change.
    await page.getByRole('form', { name: 'Invite a team member' }).waitFor();
    expect(await page.getByRole('combobox', { name: `Role of ${owner.email}` }).count()).toBe(0);
    await shot(page, SUITE, '06b-admin-joined-after-sign-up');
    expect((await teamRoles(owner.accessToken))[email]).toBe('ADMIN');
    await context.close();
  });

  it('changes the password with the current one checked', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/signin?next=%2Fsettings');
    await fillSignIn(page, invitee.email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/settings');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('wrong-password');
    await form.getByLabel('New password', { exact: true }).fill('new-birch-99');
    await form.getByLabel('Repeat new password').fill('new-birch-99');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your current password is not correct.').waitFor();
    await shot(page, SUITE, '07-password-wrong');
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    await expect(signInThroughApi(product.server.url, invitee.email, PASSWORD)).rejects.toThrow(/400/);
    invitee.password = 'new-birch-99';
    expect(await signInThroughApi(product.server.url, invitee.email, 'new-birch-99')).toBeTruthy();

    // Clear local data: the app's saved flags go, the session stays.
    await page.evaluate(() => globalThis.localStorage.setItem('onboarding_complete', 'true'));
    await page.getByRole('button', { name: 'Clear local data' }).click();
    await page.getByText('Local data cleared').waitFor();
    expect(await page.evaluate(() => globalThis.localStorage.getItem('onboarding_complete'))).toBeNull();
    await page.reload();
    await page.getByText(`Signed in as ${invitee.email}`).waitFor();
    await context.close();
  });

  it('deletes the account with everything in it after the typed confirmation', async () => {
    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/signin?next=%2Fsettings');
    await fillSignIn(page, owner.email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/settings');
    const remove = page.getByRole('button', { name: 'Delete my account' });
    await remove.scrollIntoViewIfNeeded();
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('Type DELETE to confirm').fill('delete');
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await shot(page, SUITE, '08-delete-account');
    await remove.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(signInThroughApi(product.server.url, owner.email, PASSWORD)).rejects.toThrow(/400/);
    await context.close();

    // Nothing of the workspace is left in any table that has a workspace_id (read from the catalogue).
    const leftovers = await product.withDatabase(async (db) => {
      const tables = await db.query<{ table_name: string }>(
        `select c.table_name from information_schema.columns c
           join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema() and c.column_name = 'workspace_id' and t.table_type = 'BASE TABLE'`,
      );
      expect(tables.length).toBeGreaterThan(20);
      const found: string[] = [];
      for (const { table_name } of tables) {
        const rows = await db.query(`select 1 from "${table_name}" where workspace_id = $1 limit 1`, [
          ownerWorkspaceId,
        ]);
        if (rows.length > 0) found.push(table_name);
      }
      const ws = await db.query('select 1 from workspaces where id = $1', [ownerWorkspaceId]);
      const user = await db.query('select 1 from users where id = $1', [owner.id]);
      return { found, workspace: ws.length, user: user.length };
    });
    expect(leftovers).toEqual({ found: [], workspace: 0, user: 0 });
  });

  it('operators see the /admin danger zones; others do not', async () => {
    const operator = await signUpThroughApi(product.server.url, OPERATOR_EMAIL, PASSWORD);
    const victim = await signUpThroughApi(product.server.url, `temp+${stamp}@elm-street.com`, PASSWORD);
    const other = await newPage(product.browser, product.server.url);
    await other.page.goto('/signin?next=%2Fadmin');
    await fillSignIn(other.page, invitee.email, invitee.password);
    await other.page.waitForURL((url) => url.pathname === '/admin');
    await other.page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    expect(await other.page.getByText('Danger zone', { exact: false }).count()).toBe(0);
    // A workspace owner is no operator: the server refuses them.
    const victimOwner = await getJson<Me>(product.server.url, '/api/v1/me', victim.accessToken);
    expect(victimOwner.body.role).toBe('OWNER');
    const refused = await fetch(`${product.server.url}/functions/v1/delete-all-users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${victim.accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(403);
    await other.context.close();

    const { context, page } = await newPage(product.browser, product.server.url);
    await page.goto('/signin?next=%2Fadmin');
    await fillSignIn(page, operator.email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByText('Danger zone: delete all users').waitFor();
    await shot(page, SUITE, '09a-admin-danger-zones');

    // The second zone: a browser confirm; dismissing it calls nothing.
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Call delete-all-users' }).click();
    expect(await page.getByTestId('function-result').count()).toBe(0);
    expect((await getJson<Me>(product.server.url, '/api/v1/me', victim.accessToken)).status).toBe(200);
    // Accepted, it calls the function directly and shows the raw answer: the invitee, the newcomer and the
    // temporary account went (the owner had deleted themselves), the operator stays.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Call delete-all-users' }).click();
    const raw = page.getByTestId('function-result');
    await raw.waitFor();
    expect(JSON.parse((await raw.textContent()) ?? '')).toEqual({ totalUsersFound: 3, usersDeleted: 3, errors: 0 });
    await shot(page, SUITE, '09b-direct-result');
    for (const user of [victim, invitee]) {
      await expect(signInThroughApi(product.server.url, user.email, user.password)).rejects.toThrow(/400/);
    }

    // The first zone: the dialog, then the result toast, storage cleared and a reload after 2 s.
    const late = await signUpThroughApi(product.server.url, `late+${stamp}@elm-street.com`, PASSWORD);
    await page.getByRole('button', { name: 'Delete all users' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you absolutely sure?').waitFor();
    await shot(page, SUITE, '10-are-you-sure');
    // A marker on this window: it is gone once the page has reloaded.
    await page.evaluate(() => Object.assign(globalThis, { beforeReload: true }));
    await dialog.getByRole('button', { name: 'Yes, delete all users' }).click();
    await page.getByText('Deleted 1 users.').waitFor();
    expect(await page.evaluate(() => globalThis.localStorage.length + globalThis.sessionStorage.length)).toBe(0);
    await shot(page, SUITE, '11-deleted');
    await page.waitForFunction(() => !('beforeReload' in globalThis));
    await expect(signInThroughApi(product.server.url, late.email, PASSWORD)).rejects.toThrow(/400/);
    expect(await signInThroughApi(product.server.url, operator.email, PASSWORD)).toBeTruthy();
    await context.close();
  });
});
