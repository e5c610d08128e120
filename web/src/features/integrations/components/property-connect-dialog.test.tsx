import type * as Contract from '@helixis/contract';
import {
  PROPERTY_PROVIDERS,
  PROPERTY_SYSTEM_NAMES,
  PROPERTY_SYSTEM_SCREENS,
  type PropertyProvider,
} from '@helixis/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PropertyConnectDialog } from './property-connect-dialog';

/**
 * The connect dialog renders from the contract's catalogue entry alone: a system that exists only as an
 * entry (Rent Manager, added here to the catalogue as decision 038's recipe does) gets its title, help,
 * fields and connection through integrations-connect without a line of web code.
 */
const RENT_MANAGER = vi.hoisted(
  (): Contract.PropertySystemScreens => ({
    connectHelp: 'Use the web-service user of your Rent Manager company database.',
    credentialsSummary: 'Company code, user name and password',
    fields: [
      {
        key: 'endpoint',
        label: 'Company code',
        secret: false,
        required: true,
        placeholder: 'yourcompany.api.rentmanager.com',
        help: 'Your company code, as in yourcompany.api.rentmanager.com',
        hostOnly: true,
      },
      { key: 'clientId', label: 'User name', secret: false, required: true },
      { key: 'secret', label: 'Password', secret: true, required: true },
    ],
    dialogFlow: 'save',
    onboardingViaSettings: false,
    apiKeySteps: [],
    wireNames: { connect: null, health: null, verify: null },
    testRoute: null,
  }),
);

vi.mock('@helixis/contract', async (importOriginal) => {
  const actual = await importOriginal<typeof Contract>();
  return {
    ...actual,
    PROPERTY_SYSTEM_NAMES: { ...actual.PROPERTY_SYSTEM_NAMES, rentmanager: 'Rent Manager' },
    PROPERTY_SYSTEM_PERMISSIONS: { ...actual.PROPERTY_SYSTEM_PERMISSIONS, rentmanager: [] },
    PROPERTY_SYSTEM_SCREENS: { ...actual.PROPERTY_SYSTEM_SCREENS, rentmanager: RENT_MANAGER },
  };
});
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('../../../lib/auth-client', () => ({ getAccessToken: async () => 'test-token' }));
const WORKSPACE_ID = vi.hoisted(() => '6f1c2c0e-4d1a-4b8e-9a57-0d3c1f2b7a11');
vi.mock('../../workspaces', () => ({ useMe: () => ({ data: { workspace: { id: WORKSPACE_ID } } }) }));

const RENT_MANAGER_ID = 'rentmanager' as PropertyProvider;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let requests: { url: string; body: unknown }[];
let reply: (url: string) => Response;

beforeEach(() => {
  requests = [];
  toast.success.mockClear();
  toast.error.mockClear();
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    requests.push({ url: String(url), body: init.body ? JSON.parse(String(init.body)) : null });
    return reply(String(url));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(provider: PropertyProvider, on: { change?: (open: boolean) => void; connected?: () => void } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PropertyConnectDialog
        provider={provider}
        open
        onOpenChange={on.change ?? (() => {})}
        onConnected={on.connected}
      />
    </QueryClientProvider>,
  );
}

describe('PropertyConnectDialog from a catalogue entry', () => {
  it("shows the entry's title, help and fields in its order, the secret one masked", () => {
    show(RENT_MANAGER_ID);
    const dialog = screen.getByRole('dialog', { name: 'Connect Rent Manager' });
    expect(dialog.textContent).toContain(RENT_MANAGER.connectHelp);
    const company = screen.getByLabelText('Company code') as HTMLInputElement;
    expect(company.placeholder).toBe('yourcompany.api.rentmanager.com');
    expect(screen.getByText('Your company code, as in yourcompany.api.rentmanager.com')).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    const labels = [...dialog.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['Company code', 'User name', 'Password']);
  });

  it("tells missing fields in a toast and sends nothing (the 'save' flow)", async () => {
    show(RENT_MANAGER_ID);
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'helixis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Missing Information', {
        description: 'Please fill in all required fields.',
      }),
    );
    expect(requests).toEqual([]);
  });

  it('connects a system without wire names of its own through integrations-connect, then closes', async () => {
    reply = () => json({ kind: 'rentmanager', authUrl: null, status: 'connected' });
    const change = vi.fn();
    const connected = vi.fn();
    show(RENT_MANAGER_ID, { change, connected });
    fireEvent.change(screen.getByLabelText('Company code'), {
      target: { value: ' https://acme.api.rentmanager.com ' },
    });
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'helixis' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await vi.waitFor(() => expect(connected).toHaveBeenCalledOnce());
    expect(requests).toEqual([
      {
        url: expect.stringMatching(/\/functions\/v1\/integrations-connect$/),
        body: {
          kind: 'rentmanager',
          credentials: { clientId: 'helixis', secret: 's3cret', baseUrl: 'acme.api.rentmanager.com' },
          workspaceId: WORKSPACE_ID,
        },
      },
    ]);
    expect(change).toHaveBeenCalledWith(false);
    expect(toast.success).toHaveBeenCalledWith('Connected!');
  });

  it('shows the refusal integrations-connect answers under the fields', async () => {
    reply = () => json({ error: { code: 'connector_connect_failed', message: 'Invalid credentials.' } }, 400);
    show(RENT_MANAGER_ID);
    fireEvent.change(screen.getByLabelText('Company code'), { target: { value: 'acme' } });
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'helixis' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid credentials.');
  });

  it.each(PROPERTY_PROVIDERS)('renders %s from its own entry', (provider) => {
    const entry = PROPERTY_SYSTEM_SCREENS[provider];
    show(provider);
    const dialog = screen.getByRole('dialog', { name: `Connect ${PROPERTY_SYSTEM_NAMES[provider]}` });
    expect(dialog.textContent).toContain(entry.connectHelp);
    const labels = [...dialog.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(entry.fields.map((f) => f.label));
    // The 'verify' flow keeps Connect disabled until the required fields are filled.
    const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(entry.dialogFlow === 'verify');
  });
});
