// The automations feature's public face: what other features and the composition root may import (decision 037).

export { automationInboundJob } from './automations.jobs';
export { automationHandlers, registerAutomationRoutes } from './automations.routes';
export { listAutomations } from './automations.service';
