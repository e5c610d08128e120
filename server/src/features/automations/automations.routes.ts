import type { EndpointHandlers } from '../../platform/http';
import {
  createAutomation,
  deleteAutomation,
  listAutomationRuns,
  listAutomations,
  testAutomation,
  toggleAutomation,
  updateAutomation,
} from './automations.service';

export const automationHandlers = {
  listAutomations,
  createAutomation,
  updateAutomation,
  toggleAutomation,
  deleteAutomation,
  listAutomationRuns,
  testAutomation,
} satisfies Partial<EndpointHandlers>;
