import {
  type ConnectorCatalogEntry,
  type ConnectorFieldSpec,
  ConnectorsCatalog,
  type CredentialField,
} from '@helixis/contract';
import { allPropertySystems, systemName } from '../../property-systems';

/**
 * The business-app catalogue. Entries with status 'available' have a working client
 * (connectors.registry.ts); the others say 'Coming soon' and link to the vendor's portal, and the
 * server refuses to connect them. Logos are monogram badges bundled with the web app.
 */

const f = (field_key: string, label: string, pii = false): ConnectorFieldSpec => ({ field_key, label, pii });
const logo = (kind: string) => `/connectors/logos/${kind}.svg`;
const secret = (key: string, label: string, placeholder: string, help?: string): CredentialField => ({
  key,
  label,
  secret: true,
  placeholder,
  ...(help ? { help } : {}),
});
const plain = (key: string, label: string, placeholder: string, help?: string): CredentialField => ({
  key,
  label,
  secret: false,
  placeholder,
  ...(help ? { help } : {}),
});

type Available = Omit<ConnectorCatalogEntry, 'logo_url' | 'status' | 'portal_url'>;
const available = (e: Available): ConnectorCatalogEntry => ({
  ...e,
  logo_url: logo(e.kind),
  status: 'available',
  portal_url: null,
});
const comingSoon = (
  kind: string,
  name: string,
  category: ConnectorCatalogEntry['category'],
  blurb: string,
  portal: string,
  auth: ConnectorCatalogEntry['auth'] = 'oauth',
): ConnectorCatalogEntry => ({
  kind,
  name,
  category,
  blurb,
  logo_url: logo(kind),
  auth,
  status: 'coming_soon',
  portal_url: portal,
  credential_fields: [],
  fields: [],
});

const MAIL_FIELDS = [
  f('message_count', 'Recent messages'),
  f('last_subject', 'Last subject'),
  f('last_received_at', 'Last received'),
  f('from_address', 'Sender address', true),
  f('snippet', 'Message preview', true),
];

export const CONNECTOR_CATALOG: readonly ConnectorCatalogEntry[] = ConnectorsCatalog.parse([
  // Property
  ...allPropertySystems().map((system) =>
    available({
      kind: system.provider,
      name: systemName(system.provider),
      category: 'Property',
      auth: 'api_key',
      ...system.catalog,
    }),
  ),
  available({
    kind: 'jobber',
    name: 'Jobber',
    category: 'Field Service',
    blurb: 'Clients, balances and jobs of your home-service business.',
    auth: 'api_key',
    credential_fields: [
      secret(
        'accessToken',
        'Access token',
        'Jobber API access token',
        'An access token of your Jobber app (Developer Center).',
      ),
    ],
    fields: [
      f('name', 'Client name'),
      f('company_name', 'Company'),
      f('is_company', 'Is a company'),
      f('balance', 'Balance'),
      f('email', 'E-mail', true),
      f('phone', 'Phone', true),
      f('billing_address', 'Billing address', true),
    ],
  }),
  comingSoon(
    'housecall_pro',
    'Housecall Pro',
    'Field Service',
    'Scheduling, dispatch and invoicing.',
    'https://www.housecallpro.com/',
    'api_key',
  ),
  comingSoon(
    'servicetitan',
    'ServiceTitan',
    'Field Service',
    'Field service management for contractors.',
    'https://www.servicetitan.com/',
  ),
  // Retail
  available({
    kind: 'shopify',
    name: 'Shopify',
    category: 'Retail',
    blurb: 'Customers and their orders from your Shopify store.',
    auth: 'api_key',
    credential_fields: [
      plain('shop', 'Shop', 'your-store.myshopify.com'),
      secret(
        'accessToken',
        'Admin API access token',
        'shpat_…',
        'From a custom app with read_customers and read_orders.',
      ),
    ],
    fields: [
      f('name', 'Customer name'),
      f('account_state', 'Account state'),
      f('orders_count', 'Orders'),
      f('total_spent', 'Total spent'),
      f('last_order', 'Last order'),
      f('tags', 'Tags'),
      f('customer_since', 'Customer since'),
      f('email', 'E-mail', true),
      f('phone', 'Phone', true),
      f('default_address', 'Address', true),
    ],
  }),
  comingSoon('square', 'Square', 'Retail', 'Point of sale customers and payments.', 'https://squareup.com/'),
  comingSoon(
    'lightspeed',
    'Lightspeed Retail',
    'Retail',
    'Retail point of sale and inventory.',
    'https://www.lightspeedhq.com/',
  ),
  // ERP
  comingSoon('netsuite', 'NetSuite', 'ERP', 'Oracle NetSuite financials and customers.', 'https://www.netsuite.com/'),
  comingSoon(
    'quickbooks',
    'QuickBooks Online',
    'ERP',
    'Customers, invoices and payments.',
    'https://quickbooks.intuit.com/',
  ),
  comingSoon('xero', 'Xero', 'ERP', 'Accounting contacts and invoices.', 'https://www.xero.com/'),
  comingSoon(
    'sap_business_one',
    'SAP Business One',
    'ERP',
    'ERP for small and midsize businesses.',
    'https://www.sap.com/products/erp/business-one.html',
  ),
  // CRM
  available({
    kind: 'hubspot',
    name: 'HubSpot',
    category: 'CRM',
    blurb: 'Contacts and lifecycle stages from HubSpot CRM.',
    auth: 'api_key',
    credential_fields: [
      secret('accessToken', 'Private app access token', 'pat-…', 'A private app token with crm.objects.contacts.read.'),
    ],
    fields: [
      f('name', 'Contact name'),
      f('company', 'Company'),
      f('job_title', 'Job title'),
      f('lifecycle_stage', 'Lifecycle stage'),
      f('lead_status', 'Lead status'),
      f('created_at', 'Created'),
      f('email', 'E-mail', true),
      f('phone', 'Phone', true),
      f('address', 'Address', true),
    ],
  }),
  comingSoon('salesforce', 'Salesforce', 'CRM', 'Accounts, contacts and opportunities.', 'https://www.salesforce.com/'),
  comingSoon(
    'pipedrive',
    'Pipedrive',
    'CRM',
    'Deals and contacts of your sales pipeline.',
    'https://www.pipedrive.com/',
    'api_key',
  ),
  // Email/Calendar
  available({
    kind: 'gmail',
    name: 'Gmail',
    category: 'Email/Calendar',
    blurb: 'Recent conversations with a person from your Gmail inbox.',
    auth: 'oauth',
    credential_fields: [],
    fields: MAIL_FIELDS,
  }),
  available({
    kind: 'outlook',
    name: 'Outlook',
    category: 'Email/Calendar',
    blurb: 'Microsoft 365 or Outlook.com mail through Microsoft Graph.',
    auth: 'oauth',
    credential_fields: [],
    fields: MAIL_FIELDS,
  }),
  // Google, Apple and Outlook calendars are not listed here: they are imported by calendar link or .ics
  // file (the Calendars card of Connect and onboarding, catalogProviders), which works today.
  comingSoon(
    'calendly',
    'Calendly',
    'Email/Calendar',
    'Bookings made through your scheduling links.',
    'https://calendly.com/',
    'api_key',
  ),
]);

export function catalogEntry(kind: string): ConnectorCatalogEntry | undefined {
  return CONNECTOR_CATALOG.find((e) => e.kind === kind);
}
