/**
 * The Drizzle view of the schema, one file per feature. The SQL in ../migrations is the source of
 * truth for the database; these files mirror it for typed queries.
 */
export * from './automation-approvals';
export * from './automations';
export * from './chat';
export * from './client-logs';
export * from './connectors';
export * from './core';
export * from './dashboard';
export * from './extension';
export * from './facts';
export * from './integrations';
export * from './knowledge';
export * from './mail';
export * from './profile';
export * from './question-sets';
export * from './regression';
export * from './team';
