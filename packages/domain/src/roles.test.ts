import { describe, expect, it } from 'vitest';
import { businessRoleFor, hasRole, roleLevel } from './roles';

describe('businessRoleFor', () => {
  it.each([
    ['OWNER', 'owner'],
    ['ADMIN', 'manager'],
    ['MEMBER', 'employee'],
    ['owner', 'owner'],
    ['manager', 'manager'],
    ['', 'employee'],
    [null, 'employee'],
    [undefined, 'employee'],
    ['SOMETHING', 'employee'],
  ] as const)('%s → %s', (role, expected) => {
    expect(businessRoleFor(role)).toBe(expected);
  });
});

describe('hasRole', () => {
  it('levels are employee 0, manager 1, owner 2', () => {
    expect([roleLevel('employee'), roleLevel('manager'), roleLevel('owner')]).toEqual([0, 1, 2]);
  });
  it.each([
    ['employee', 'manager', false],
    ['manager', 'manager', true],
    ['owner', 'manager', true],
    ['employee', 'employee', true],
    ['manager', 'owner', false],
  ] as const)('%s meets %s: %s', (actual, required, expected) => {
    expect(hasRole(actual, required)).toBe(expected);
  });
  it('defaults to employee', () => {
    expect(hasRole('employee')).toBe(true);
  });
});
