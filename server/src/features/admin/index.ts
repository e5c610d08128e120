// The admin feature's public face: what other features and the composition root may import (decision 037).
export { adminHandlers } from './admin.routes';
