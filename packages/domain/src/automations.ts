import type { AutomationKind, AutomationProvider, AutomationStatus } from '@helixis/contract';

/**
 * Automation status rules, as a pure state machine shared by the server (which persists
 * every change through it) and the web. No I/O; every transition is a table row in the tests.
 */
export type AutomationConnections = Record<AutomationProvider, boolean>;

export interface AutomationState {
  kind: AutomationKind;
  status: AutomationStatus;
  enabled: boolean;
  errorMsg: string | null;
  connections: AutomationConnections;
}

export type AutomationEvent =
  | { type: 'toggle'; enabled: boolean }
  | { type: 'connect'; provider: AutomationProvider }
  /** A provider's connection went away (revoked or removed): without any provider it works with, it needs connect again. */
  | { type: 'disconnect'; provider: AutomationProvider }
  /** Return from e-mail OAuth: URL parameters gmail=success or ms=success. */
  | { type: 'oauth_return'; params: { gmail?: string | null; ms?: string | null } }
  /** A run or a provider failed; the automation needs attention. */
  | { type: 'fail'; message: string };

/** Which providers make each kind of automation work. */
export const AUTOMATION_PROVIDERS: Readonly<Record<AutomationKind, readonly AutomationProvider[]>> = {
  email_inbox: ['gmail', 'ms365'],
  smart_rescheduler: ['gmail', 'ms365'],
  sms_text: ['twilio'],
  call_followup: ['voice'],
};

export const NO_CONNECTIONS: AutomationConnections = { gmail: false, ms365: false, twilio: false, voice: false };

/** A new automation starts disabled: needs_auth for e-mail and rescheduler, paused otherwise. */
export function initialAutomationState(kind: AutomationKind): AutomationState {
  const needsAuth = kind === 'email_inbox' || kind === 'smart_rescheduler';
  return {
    kind,
    status: needsAuth ? 'needs_auth' : 'paused',
    enabled: false,
    errorMsg: null,
    connections: { ...NO_CONNECTIONS },
  };
}

/** The error message only lives while the status is error. */
function settle(state: AutomationState): AutomationState {
  return state.status === 'error' ? state : { ...state, errorMsg: null };
}

export function automationReducer(state: AutomationState, event: AutomationEvent): AutomationState {
  switch (event.type) {
    case 'toggle': {
      if (!event.enabled) return settle({ ...state, enabled: false, status: 'paused' });
      const status: AutomationStatus = state.status === 'needs_auth' ? 'needs_auth' : 'connected';
      return settle({ ...state, enabled: true, status });
    }
    case 'connect': {
      const connections = { ...state.connections, [event.provider]: true };
      if (!AUTOMATION_PROVIDERS[state.kind].includes(event.provider)) return { ...state, connections };
      return settle({ ...state, connections, status: state.enabled ? 'connected' : 'paused' });
    }
    case 'disconnect': {
      const connections = { ...state.connections, [event.provider]: false };
      const stillConnected = AUTOMATION_PROVIDERS[state.kind].some((p) => connections[p]);
      if (stillConnected || !AUTOMATION_PROVIDERS[state.kind].includes(event.provider))
        return { ...state, connections };
      return settle({ ...state, connections, status: 'needs_auth' });
    }
    case 'oauth_return': {
      if (state.kind !== 'email_inbox') return state;
      let next = state;
      if (event.params.gmail === 'success') next = automationReducer(next, { type: 'connect', provider: 'gmail' });
      if (event.params.ms === 'success') next = automationReducer(next, { type: 'connect', provider: 'ms365' });
      return next;
    }
    case 'fail':
      return { ...state, status: 'error', errorMsg: event.message };
  }
}
