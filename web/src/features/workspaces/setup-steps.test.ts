import { describe, expect, it } from 'vitest';
import { nextStep, setupSteps } from './setup-steps';

describe('setupSteps', () => {
  it('points a brand-new user at teaching the assistant', () => {
    const steps = setupSteps({
      workspaceReady: true,
      hasAssistant: true,
      roundsDone: { done: 0, total: 3 },
      pmsConnected: false,
    });
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'todo', 'todo', 'todo']);
    expect(nextStep(steps)?.id).toBe('teach');
    expect(steps[2]?.detail).toBe('0 of 3 onboarding rounds answered.');
  });

  it('sends a user with a missing assistant to the repair first', () => {
    const steps = setupSteps({ workspaceReady: true, hasAssistant: false, roundsDone: null, pmsConnected: null });
    expect(nextStep(steps)?.id).toBe('assistant');
    expect(steps.map((s) => s.state)).toEqual(['done', 'todo', 'unknown', 'unknown', 'unknown']);
  });

  it('has no next step once everything is done', () => {
    const steps = setupSteps({
      workspaceReady: true,
      hasAssistant: true,
      roundsDone: { done: 3, total: 3 },
      pmsConnected: true,
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
    });
    expect(nextStep(steps)?.id).toBe('connect');
  });
});
