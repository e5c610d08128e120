import { describe, expect, it } from 'vitest';
import { nextStep, setupSteps } from './setup-steps';

describe('setupSteps', () => {
  it('points a brand-new user at teaching the assistant', () => {
    const steps = setupSteps({
      workspaceReady: true,
      hasAssistant: true,
      roundsDone: { done: 0, total: 3 },
      pmsConnected: false,
      launched: false,
    });
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'todo', 'todo', 'todo']);
    expect(nextStep(steps)?.id).toBe('teach');
    expect(steps[2]?.detail).toBe('0 of 3 onboarding rounds answered.');
  });

  it('sends a user with a missing assistant to the repair first', () => {
    const steps = setupSteps({
      workspaceReady: true,
      hasAssistant: false,
      roundsDone: null,
      pmsConnected: null,
      launched: null,
    });
    expect(nextStep(steps)?.id).toBe('assistant');
    expect(steps.map((s) => s.state)).toEqual(['done', 'todo', 'unknown', 'unknown', 'unknown']);
  });

  it('has no next step once everything is done', () => {
    const steps = setupSteps({
      workspaceReady: true,
      hasAssistant: true,
      roundsDone: { done: 3, total: 3 },
      pmsConnected: true,
      launched: true,
    });
    expect(steps.every((s) => s.state === 'done')).toBe(true);
    expect(nextStep(steps)).toBeNull();
  });

  it('asks to connect a system once onboarding is answered', () => {
    const steps = setupSteps({
      workspaceReady: true,
      hasAssistant: true,
      roundsDone: { done: 3, total: 3 },
      pmsConnected: false,
      launched: false,
    });
    expect(nextStep(steps)?.id).toBe('connect');
  });

  it('marks Review and launch done once the assistant was launched, whatever is still to connect', () => {
    const before = setupSteps({
      workspaceReady: true,
      hasAssistant: true,
      roundsDone: { done: 3, total: 3 },
      pmsConnected: true,
      launched: false,
    });
    expect(before.find((s) => s.id === 'launch')?.state).toBe('todo');
    expect(nextStep(before)?.id).toBe('launch');
    // Launched without a property-management system: launch is done, connecting is still to do.
    const after = setupSteps({
      workspaceReady: true,
      hasAssistant: true,
      roundsDone: { done: 1, total: 3 },
      pmsConnected: false,
      launched: true,
    });
    const launch = after.find((s) => s.id === 'launch');
    expect(launch?.state).toBe('done');
    expect(launch?.detail).toMatch(/^Launched\./);
    expect(after.find((s) => s.id === 'connect')?.state).toBe('todo');
    const unread = setupSteps({
      workspaceReady: true,
      hasAssistant: null,
      roundsDone: null,
      pmsConnected: null,
      launched: null,
    });
    expect(unread.find((s) => s.id === 'launch')?.state).toBe('unknown');
  });
});
