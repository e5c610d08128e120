// The tasks feature's public face: what other features and the composition root may import (decision 037).

export { taskHandlers } from './tasks.routes';
export { createTaskForQuestion } from './tasks.service';
