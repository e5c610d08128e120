/**
 * The property-management systems Helixis connects to, declared once, with how each appears in the
 * product's texts and on the web app's screens. Plain data without zod, so the landing page's first
 * screen (which names the systems) does not load the schema library; property-systems.ts adds the schema.
 */

export const PROPERTY_PROVIDERS = ['buildium', 'appfolio'] as const;
/** A provider id (property-systems.ts declares the same type through its zod enum). */
export type PropertyProvider = (typeof PROPERTY_PROVIDERS)[number];

/** The name each system goes by in the product's texts. */
export const PROPERTY_SYSTEM_NAMES: Readonly<Record<PropertyProvider, string>> = {
  buildium: 'Buildium',
  appfolio: 'AppFolio',
};

export function isPropertyProvider(value: unknown): value is PropertyProvider {
  return (PROPERTY_PROVIDERS as readonly unknown[]).includes(value);
}

/** The display name of a provider id; an unknown id is shown as it is. */
export function propertySystemName(provider: string): string {
  return isPropertyProvider(provider) ? PROPERTY_SYSTEM_NAMES[provider] : provider;
}

/** The systems' names as a phrase for the product's texts: 'Buildium or AppFolio' ('A, B and C'). */
export function propertySystemList(conjunction: 'or' | 'and'): string {
  const names = PROPERTY_PROVIDERS.map((p) => PROPERTY_SYSTEM_NAMES[p]);
  const last = names.pop() ?? '';
  return names.length ? `${names.join(', ')} ${conjunction} ${last}` : last;
}

/** The view permissions a system's API key needs (listed on a 401/403); empty where the key has none to set. */
export const PROPERTY_SYSTEM_PERMISSIONS: Readonly<Record<PropertyProvider, readonly string[]>> = {
  buildium: [
    'Rental properties and units',
    'Leases',
    'Tenants',
    'Work orders',
    'Tasks',
    'Outstanding balances (accounts receivable)',
  ],
  appfolio: [],
};

/** One credential the web app's connect screens ask for. */
export interface PropertyCredentialInput {
  /** clientId and secret; endpoint: the API host or base URL, sent under the name the connect endpoint takes. */
  key: 'clientId' | 'secret' | 'endpoint';
  label: string;
  /** The label on the settings page, where it differs (an optional endpoint sits under Advanced there). */
  settingsLabel?: string;
  secret: boolean;
  /** False: left empty, the system's default is used. */
  required: boolean;
  placeholder?: string;
  help?: string;
  /** The field takes a bare host name: a typed leading https:// is dropped. */
  hostOnly?: boolean;
}

/**
 * How a system appears on the web app's screens (decision 038, "Web"): the connect dialog, the
 * onboarding cards, the settings page (/settings/integrations/<provider>) and the test panel
 * (/settings/integrations/<provider>/test) all render from this entry, never from the system's name.
 */
export interface PropertySystemScreens {
  /** The sentence under the connect dialog's title. */
  connectHelp: string;
  /** The onboarding card's line while the system is not connected. */
  credentialsSummary: string;
  fields: readonly PropertyCredentialInput[];
  /**
   * 'verify': Connect stays disabled until the required fields are filled (a field left empty says so), the
   * server configuration is checked first where the system has a health endpoint, and the dialog ends on the
   * first KPI read with Done. 'save': Connect is always enabled, missing fields are told in a toast, and the
   * dialog closes once connected.
   */
  dialogFlow: 'verify' | 'save';
  /** The onboarding integrations step links to the settings page ('Connect <name>') and offers the dialog as 'Quick connect'. */
  onboardingViaSettings: boolean;
  /** The settings page's "How to get your API key" steps; empty leaves the card out. */
  apiKeySteps: readonly string[];
  /**
   * The spec's endpoints named after the system (their names and answers are fixed); null uses the generic
   * ones: integrations-connect to connect, no health check, no re-verify.
   */
  wireNames: {
    connect: 'buildiumConnect' | 'appfolioConnect' | null;
    health: 'buildiumHealth' | null;
    verify: 'buildiumVerify' | null;
  };
  /** The spec's own address of the test panel, kept besides /settings/integrations/<provider>/test. */
  testRoute: string | null;
}

const CLIENT_ID_INPUT: PropertyCredentialInput = { key: 'clientId', label: 'Client ID', secret: false, required: true };
const SECRET_INPUT: PropertyCredentialInput = { key: 'secret', label: 'Secret', secret: true, required: true };

/** The web screens of each system, keyed like every other catalogue record (a provider without one does not compile). */
export const PROPERTY_SYSTEM_SCREENS: Readonly<Record<PropertyProvider, PropertySystemScreens>> = {
  buildium: {
    connectHelp: 'Enter the API client ID and secret of a read-only Buildium API key.',
    credentialsSummary: 'API client ID and secret',
    fields: [
      CLIENT_ID_INPUT,
      SECRET_INPUT,
      {
        key: 'endpoint',
        label: 'Base URL (optional)',
        settingsLabel: 'API Host',
        secret: false,
        required: false,
        placeholder: 'https://api.buildium.com',
      },
    ],
    dialogFlow: 'verify',
    onboardingViaSettings: true,
    apiKeySteps: [
      'In Buildium, open Settings › Application settings › API settings.',
      'Create an API key with read-only (view) access.',
      'Grant view permission on rental properties and units, leases, tenants, work orders, tasks and outstanding balances.',
      'Copy the Client ID and Secret here and press Save & Verify. Use Advanced › API Host for the sandbox (https://apisandbox.buildium.com).',
    ],
    wireNames: { connect: 'buildiumConnect', health: 'buildiumHealth', verify: 'buildiumVerify' },
    testRoute: '/buildium-test',
  },
  appfolio: {
    connectHelp: 'Use the Reports API client ID and secret from your AppFolio database.',
    credentialsSummary: 'Reports API host, client ID and secret',
    fields: [
      {
        key: 'endpoint',
        label: 'Host',
        secret: false,
        required: true,
        placeholder: 'yourcompany.appfolio.com',
        help: 'Enter the host without https://',
        hostOnly: true,
      },
      CLIENT_ID_INPUT,
      SECRET_INPUT,
    ],
    dialogFlow: 'save',
    onboardingViaSettings: false,
    apiKeySteps: [],
    wireNames: { connect: 'appfolioConnect', health: null, verify: null },
    testRoute: null,
  },
};
