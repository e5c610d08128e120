// The account feature's public face: what other features and the composition root may import (decision 037).

export { allUserIdsExcept } from './account.repo';
export { accountHandlers } from './account.routes';
export { deleteUserCompletely } from './account.service';
