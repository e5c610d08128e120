import type { z } from 'zod';
import { accountEndpoints } from './account';
import { adminEndpoints } from './admin';
import { applyCheckEndpoints } from './apply-check';
import { assistantEndpoints } from './assistants';
import { automationApprovalEndpoints } from './automation-approvals';
import { automationEndpoints } from './automations';
import { chatEndpoints } from './chat';
import { complianceEndpoints } from './compliance';
import { connectorEndpoints } from './connectors';
import { dashboardEndpoints } from './dashboard';
import { dashboardOverviewEndpoints } from './dashboard-overview';
import type { Endpoint } from './endpoint';
import { extensionEndpoints } from './extension';
import { factLedgerEndpoints } from './fact-ledger';
import { factEndpoints } from './facts';
import { integrationEndpoints } from './integrations';
import { jobEndpoints } from './jobs';
import { knowledgeEndpoints } from './knowledge';
import { mailEndpoints } from './mail';
import { onboardingEndpoints } from './onboarding';
import { profileEndpoints } from './profile';
import { taskEndpoints } from './tasks';
import { teamEndpoints } from './team';
import { workspaceEndpoints } from './workspaces';

export type { Access, Endpoint } from './endpoint';
export { NoInput, WORKSPACE_ID_FIELDS } from './endpoint';

/**
 * Every resource (`/api/v1/...`) and spec function (`POST /functions/v1/<name>`) of the product,
 * declared once per feature (`<feature>Endpoints` in the feature's contract file) and joined here.
 * The server must register a handler for each key; the web calls them by key.
 */
export const endpoints = {
  ...workspaceEndpoints,
  ...assistantEndpoints,
  ...jobEndpoints,
  ...knowledgeEndpoints,
  ...profileEndpoints,
  ...onboardingEndpoints,
  ...factEndpoints,
  ...integrationEndpoints,
  ...chatEndpoints,
  ...taskEndpoints,
  ...mailEndpoints,
  ...dashboardEndpoints,
  ...automationEndpoints,
  ...extensionEndpoints,
  ...teamEndpoints,
  ...accountEndpoints,
  ...adminEndpoints,
  ...connectorEndpoints,
  ...dashboardOverviewEndpoints,
  ...automationApprovalEndpoints,
  ...complianceEndpoints,
  ...factLedgerEndpoints,
  ...applyCheckEndpoints,
} as const satisfies Record<string, Endpoint>;
export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type EndpointInput<N extends EndpointName> = z.input<Endpoints[N]['input']>;
export type EndpointOutput<N extends EndpointName> = z.output<Endpoints[N]['output']>;
