import { invalidIdMessage } from '@helixis/contract';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_V1_5 = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Versions 1-5 only (the workspace id used for KPIs). */
export function isVersionedUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_V1_5.test(value);
}

export function isLocalId(value: string): boolean {
  return value.startsWith('local_') || value.startsWith('session_');
}

export class InvalidIdError extends Error {
  readonly code = 'invalid_id';
}

/** Throws the spec's text when an id is not fit for database work (local_/session_ ids included). */
export function assertDbId(id: string, context: string): string {
  if (!isUuid(id)) throw new InvalidIdError(invalidIdMessage(context, id));
  return id;
}
