// The workspaces feature's public face: what other features and the composition root may import (decision 037).
export { workspaceHandlers } from './workspaces.routes';
export { resolveWorkspace } from './workspaces.service';
