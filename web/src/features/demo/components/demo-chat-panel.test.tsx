import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_KNOWLEDGE_KEY, LOCAL_PROFILE_KEY } from '../anonymous-profile';
import { DemoChatPanel } from './demo-chat-panel';

let calls: { message: string; history: unknown[] }[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (_url: URL, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { message: string; history: unknown[] };
    calls.push(body);
    return Response.json({
      reply: `Answer ${calls.length}`,
      topic: 'overview',
      remaining: 2 - calls.length,
      suggestions: ['Which systems does it connect to?'],
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPanel() {
  const onSignUp = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DemoChatPanel onClose={vi.fn()} onSignUp={onSignUp} />
    </QueryClientProvider>,
  );
  return { onSignUp, input: () => screen.getByLabelText('Your message') as HTMLTextAreaElement };
}

describe('DemoChatPanel', () => {
  it('sends on Enter, keeps Shift+Enter for a new line, and ignores blank text', async () => {
    const { input } = renderPanel();
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(calls).toHaveLength(0);

    fireEvent.change(input(), { target: { value: 'We manage 40 units in Tampa, FL' } });
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(calls).toHaveLength(0);

    await act(async () => {
      fireEvent.keyDown(input(), { key: 'Enter' });
    });
    expect(await screen.findByText('Answer 1')).not.toBeNull();
    expect(calls[0]).toEqual({ message: 'We manage 40 units in Tampa, FL', history: [] });
    // A statement is kept on this device only, next to the local profile.
    expect(JSON.parse(localStorage.getItem(LOCAL_KNOWLEDGE_KEY) ?? '[]')[0].text).toBe(
      'We manage 40 units in Tampa, FL',
    );
    expect(JSON.parse(localStorage.getItem(LOCAL_PROFILE_KEY) ?? '{}').id).toMatch(/^local_/);
  });

  it('stops after two messages and offers sign-up', async () => {
    const { onSignUp, input } = renderPanel();
    for (const text of ['What does Helixis do?', 'Is my data kept private?']) {
      fireEvent.change(input(), { target: { value: text } });
      await act(async () => {
        fireEvent.keyDown(input(), { key: 'Enter' });
      });
      await screen.findByText(`Answer ${calls.length}`);
    }
    expect(calls[1]?.history).toEqual([
      { role: 'user', content: 'What does Helixis do?' },
      { role: 'assistant', content: 'Answer 1' },
    ]);
    expect(screen.queryByLabelText('Your message')).toBeNull();
    expect(screen.getByText('Enjoying the demo? Create a free workspace to keep going.')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up to keep chatting' }));
    expect(onSignUp).toHaveBeenCalledOnce();
  });
});
