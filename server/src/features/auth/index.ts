// The auth feature's public face: what other features and the composition root may import (decision 037).

export { registerAuthRoutes } from './auth.routes';
export { changePassword } from './auth-account';
export { findUserById, toAuthUser } from './auth-user';
