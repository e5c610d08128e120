import type { AutomationKind } from '@helixis/contract';
import { describe, expect, it } from 'vitest';
import {
  type AutomationEvent,
  type AutomationState,
  automationReducer,
  initialAutomationState,
  NO_CONNECTIONS,
} from './automations';

const state = (kind: AutomationKind, patch: Partial<AutomationState> = {}): AutomationState => ({
  kind,
  status: 'paused',
  enabled: false,
  errorMsg: null,
  connections: { ...NO_CONNECTIONS },
  ...patch,
});

describe('initialAutomationState: a new automation starts disabled', () => {
  it.each([
    ['email_inbox', 'needs_auth'],
    ['smart_rescheduler', 'needs_auth'],
    ['sms_text', 'paused'],
    ['call_followup', 'paused'],
  ] as const)('%s starts %s', (kind, status) => {
    expect(initialAutomationState(kind)).toEqual({
      kind,
      status,
      enabled: false,
      errorMsg: null,
      connections: NO_CONNECTIONS,
    });
  });
});

describe('switching on and off', () => {
  it.each([
    ['paused', 'connected'],
    ['connected', 'connected'],
    ['error', 'connected'],
    ['needs_auth', 'needs_auth'],
  ] as const)('on from %s gives %s', (from, to) => {
    const next = automationReducer(state('sms_text', { status: from, errorMsg: from === 'error' ? 'x' : null }), {
      type: 'toggle',
      enabled: true,
    });
    expect(next.status).toBe(to);
    expect(next.enabled).toBe(true);
  });

  it.each(['paused', 'connected', 'error', 'needs_auth'] as const)('off from %s gives paused', (from) => {
    const next = automationReducer(state('email_inbox', { status: from, enabled: true }), {
      type: 'toggle',
      enabled: false,
    });
    expect(next).toMatchObject({ status: 'paused', enabled: false });
  });

  it('clears the error message when leaving error', () => {
    const failing = state('smart_rescheduler', { status: 'error', errorMsg: 'Calendar scope missing. Reconnect.' });
    expect(automationReducer(failing, { type: 'toggle', enabled: true }).errorMsg).toBeNull();
    expect(automationReducer(failing, { type: 'toggle', enabled: false }).errorMsg).toBeNull();
  });
});

describe('connecting a provider', () => {
  // kind, provider, does it count for this kind
  const table: [AutomationKind, 'gmail' | 'ms365' | 'twilio' | 'voice', boolean][] = [
    ['email_inbox', 'gmail', true],
    ['email_inbox', 'ms365', true],
    ['email_inbox', 'twilio', false],
    ['email_inbox', 'voice', false],
    ['smart_rescheduler', 'gmail', true],
    ['smart_rescheduler', 'ms365', true],
    ['smart_rescheduler', 'twilio', false],
    ['sms_text', 'twilio', true],
    ['sms_text', 'gmail', false],
    ['sms_text', 'voice', false],
    ['call_followup', 'voice', true],
    ['call_followup', 'twilio', false],
    ['call_followup', 'ms365', false],
  ];
  it.each(table)('%s + %s (counts: %s)', (kind, provider, counts) => {
    for (const enabled of [true, false]) {
      const before = state(kind, { status: 'needs_auth', enabled });
      const next = automationReducer(before, { type: 'connect', provider });
      expect(next.connections[provider]).toBe(true);
      expect(next.status).toBe(counts ? (enabled ? 'connected' : 'paused') : 'needs_auth');
      expect(next.enabled).toBe(enabled);
    }
  });

  it('clears the error message when the connection ends the error', () => {
    const failing = state('smart_rescheduler', { status: 'error', errorMsg: 'Calendar scope missing. Reconnect.' });
    const next = automationReducer(failing, { type: 'connect', provider: 'gmail' });
    expect(next).toMatchObject({ status: 'paused', errorMsg: null });
  });

  it('keeps the error and its message when an unrelated provider connects', () => {
    const failing = state('sms_text', { status: 'error', errorMsg: 'Twilio rejected the credentials' });
    const next = automationReducer(failing, { type: 'connect', provider: 'gmail' });
    expect(next).toMatchObject({ status: 'error', errorMsg: 'Twilio rejected the credentials' });
  });
});

describe('losing a connection', () => {
  it('needs connect again when the last provider of its kind goes', () => {
    const live = state('email_inbox', {
      status: 'connected',
      enabled: true,
      connections: { ...NO_CONNECTIONS, gmail: true },
    });
    expect(automationReducer(live, { type: 'disconnect', provider: 'gmail' })).toMatchObject({
      status: 'needs_auth',
      enabled: true,
      connections: NO_CONNECTIONS,
    });
  });

  it('keeps its status while another provider of its kind is connected, or when an unrelated one goes', () => {
    const both = state('email_inbox', {
      status: 'connected',
      enabled: true,
      connections: { ...NO_CONNECTIONS, gmail: true, ms365: true },
    });
    expect(automationReducer(both, { type: 'disconnect', provider: 'gmail' }).status).toBe('connected');
    const sms = state('sms_text', {
      status: 'connected',
      enabled: true,
      connections: { ...NO_CONNECTIONS, twilio: true, gmail: true },
    });
    expect(automationReducer(sms, { type: 'disconnect', provider: 'gmail' }).status).toBe('connected');
  });
});

describe('return from e-mail OAuth', () => {
  const cases: [AutomationEvent & { type: 'oauth_return' }, boolean, 'connected' | 'paused', string][] = [
    [{ type: 'oauth_return', params: { gmail: 'success' } }, true, 'connected', 'gmail'],
    [{ type: 'oauth_return', params: { gmail: 'success' } }, false, 'paused', 'gmail'],
    [{ type: 'oauth_return', params: { ms: 'success' } }, true, 'connected', 'ms365'],
    [{ type: 'oauth_return', params: { ms: 'success' } }, false, 'paused', 'ms365'],
  ];
  it.each(cases)('%j enabled=%s gives %s with %s', (event, enabled, status, provider) => {
    const next = automationReducer(state('email_inbox', { status: 'needs_auth', enabled }), event);
    expect(next.status).toBe(status);
    expect(next.connections[provider as 'gmail' | 'ms365']).toBe(true);
  });

  it('ignores anything but success, and automations other than the e-mail one', () => {
    const email = state('email_inbox', { status: 'needs_auth' });
    expect(automationReducer(email, { type: 'oauth_return', params: { gmail: 'error' } })).toEqual(email);
    const rescheduler = state('smart_rescheduler', { status: 'needs_auth' });
    expect(automationReducer(rescheduler, { type: 'oauth_return', params: { gmail: 'success' } })).toEqual(rescheduler);
  });
});

describe('failure', () => {
  it('sets error with its message from any status', () => {
    for (const status of ['connected', 'paused', 'needs_auth'] as const) {
      const next = automationReducer(state('sms_text', { status, enabled: true }), { type: 'fail', message: 'boom' });
      expect(next).toMatchObject({ status: 'error', errorMsg: 'boom', enabled: true });
    }
  });
});
