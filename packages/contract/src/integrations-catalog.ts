import { z } from 'zod';

/** Provider catalogue of the integrations step: 15 providers, 6 categories, 11 industry groups. */
export const CatalogMode = z.enum(['oauth', 'ics', 'alias', 'upload', 'url', 'external']);
export type CatalogMode = z.infer<typeof CatalogMode>;

export const CatalogCategoryId = z.enum(['calendars', 'email', 'files', 'knowledge', 'team-chat', 'crm']);
export type CatalogCategoryId = z.infer<typeof CatalogCategoryId>;

export const CatalogIndustryId = z.enum([
  'legal',
  'accounting-tax',
  'insurance',
  'hr-compliance',
  'health-admin-medspa',
  'construction',
  'education-tutoring',
  'nonprofit-grants',
  'home-services',
  'auto-service',
  'real-estate',
]);
export type CatalogIndustryId = z.infer<typeof CatalogIndustryId>;

export const CatalogProvider = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  category: CatalogCategoryId,
  mode: CatalogMode,
  description: z.string().min(1),
  /** For mode external: the provider's own portal (opened in a new tab). */
  portalUrl: z.string().url().optional(),
});
export type CatalogProvider = z.infer<typeof CatalogProvider>;

export const CatalogCategory = z.object({ id: CatalogCategoryId, label: z.string(), description: z.string() });
export type CatalogCategory = z.infer<typeof CatalogCategory>;

export const CatalogIndustry = z.object({
  id: CatalogIndustryId,
  label: z.string(),
  providerIds: z.array(z.string()).min(1),
});
export type CatalogIndustry = z.infer<typeof CatalogIndustry>;

export const catalogCategories = z.array(CatalogCategory).parse([
  { id: 'calendars', label: 'Calendars', description: 'Appointments, inspections and availability' },
  { id: 'email', label: 'Email', description: 'Inboxes and an inbound alias' },
  { id: 'files', label: 'Files', description: 'Documents, leases and policies' },
  { id: 'knowledge', label: 'Knowledge', description: 'Your website and wikis' },
  { id: 'team-chat', label: 'Team chat', description: 'Where your team talks' },
  { id: 'crm', label: 'CRM', description: 'Contacts and deals' },
]);

export const catalogProviders = z
  .array(CatalogProvider)
  .length(15)
  .parse([
    { id: 'gmail', name: 'Gmail', category: 'email', mode: 'oauth', description: 'Google Workspace or Gmail inbox.' },
    { id: 'outlook', name: 'Outlook', category: 'email', mode: 'oauth', description: 'Microsoft 365 or Outlook.com.' },
    {
      id: 'email-alias',
      name: 'Inbound e-mail alias',
      category: 'email',
      mode: 'alias',
      description: 'Forward mail to an address of your workspace.',
    },
    {
      id: 'google-calendar',
      name: 'Google Calendar',
      category: 'calendars',
      mode: 'ics',
      description: 'Import through the secret iCal address or an .ics file.',
    },
    {
      id: 'apple-calendar',
      name: 'Apple Calendar',
      category: 'calendars',
      mode: 'ics',
      description: 'Import a public calendar link or an exported .ics file.',
    },
    {
      id: 'outlook-calendar',
      name: 'Outlook Calendar',
      category: 'calendars',
      mode: 'ics',
      description: 'Import a published ICS link or an .ics file.',
    },
    {
      id: 'documents',
      name: 'Document upload',
      category: 'files',
      mode: 'upload',
      description: 'Upload PDFs, Word files and text.',
    },
    {
      id: 'google-drive',
      name: 'Google Drive',
      category: 'files',
      mode: 'external',
      description: 'No direct connection yet; export files and upload them.',
      portalUrl: 'https://drive.google.com/',
    },
    {
      id: 'dropbox',
      name: 'Dropbox',
      category: 'files',
      mode: 'external',
      description: 'No direct connection yet; export files and upload them.',
      portalUrl: 'https://www.dropbox.com/',
    },
    {
      id: 'website',
      name: 'Website',
      category: 'knowledge',
      mode: 'url',
      description: 'Let the assistant read your public website.',
    },
    {
      id: 'notion',
      name: 'Notion',
      category: 'knowledge',
      mode: 'external',
      description: 'No direct connection yet; export pages and upload them.',
      portalUrl: 'https://www.notion.so/',
    },
    {
      id: 'slack',
      name: 'Slack',
      category: 'team-chat',
      mode: 'external',
      description: 'No direct connection yet.',
      portalUrl: 'https://slack.com/',
    },
    {
      id: 'microsoft-teams',
      name: 'Microsoft Teams',
      category: 'team-chat',
      mode: 'external',
      description: 'No direct connection yet.',
      portalUrl: 'https://teams.microsoft.com/',
    },
    {
      id: 'hubspot',
      name: 'HubSpot',
      category: 'crm',
      mode: 'external',
      description: 'No direct connection yet.',
      portalUrl: 'https://app.hubspot.com/',
    },
    {
      id: 'salesforce',
      name: 'Salesforce',
      category: 'crm',
      mode: 'external',
      description: 'No direct connection yet.',
      portalUrl: 'https://login.salesforce.com/',
    },
  ]);

const common = ['gmail', 'outlook', 'email-alias', 'google-calendar', 'outlook-calendar', 'documents'];
export const catalogIndustries = z
  .array(CatalogIndustry)
  .length(11)
  .parse([
    { id: 'legal', label: 'Legal', providerIds: [...common, 'dropbox'] },
    { id: 'accounting-tax', label: 'Accounting & tax', providerIds: [...common, 'google-drive'] },
    { id: 'insurance', label: 'Insurance', providerIds: [...common, 'salesforce'] },
    { id: 'hr-compliance', label: 'HR & compliance', providerIds: [...common, 'slack', 'microsoft-teams'] },
    { id: 'health-admin-medspa', label: 'Health admin & medspa', providerIds: [...common, 'apple-calendar'] },
    { id: 'construction', label: 'Construction', providerIds: [...common, 'dropbox'] },
    { id: 'education-tutoring', label: 'Education & tutoring', providerIds: [...common, 'google-drive'] },
    { id: 'nonprofit-grants', label: 'Nonprofit & grants', providerIds: [...common, 'website', 'notion'] },
    { id: 'home-services', label: 'Home services', providerIds: [...common, 'hubspot'] },
    { id: 'auto-service', label: 'Auto service', providerIds: [...common, 'website'] },
    { id: 'real-estate', label: 'Real estate', providerIds: [...common, 'website', 'hubspot'] },
  ]);

/** Shown for a mode or quick action a provider or dialog lacks. */
export const CATALOG_NOT_SUPPORTED = 'Not supported';
