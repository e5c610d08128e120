import type { BusinessRole, MembershipRole } from '@helixis/contract';

const LEVELS: Record<BusinessRole, number> = { employee: 0, manager: 1, owner: 2 };

/** OWNER → owner, ADMIN → manager, anything else (including lower-case or unknown) → employee. */
export function businessRoleFor(role: MembershipRole | string | null | undefined): BusinessRole {
  const r = (role ?? '').toString().toUpperCase();
  if (r === 'OWNER') return 'owner';
  if (r === 'ADMIN' || r === 'MANAGER') return 'manager';
  return 'employee';
}

export function roleLevel(role: BusinessRole): number {
  return LEVELS[role];
}

/** True when `actual` is at least `required` (a protected route defaults to employee). */
export function hasRole(actual: BusinessRole, required: BusinessRole = 'employee'): boolean {
  return LEVELS[actual] >= LEVELS[required];
}
