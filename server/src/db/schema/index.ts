/**
 * The Drizzle view of the schema, one file per feature. The SQL in ../migrations is the source of
 * truth for the database; these files mirror it for typed queries.
 */
export * from './core';
