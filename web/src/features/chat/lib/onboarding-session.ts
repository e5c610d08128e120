/**
 * The onboarding conversation is stored on the server as a chat thread (every turn is saved by
 * chat-with-context: the autosave). Only the thread's id is remembered locally, per workspace, so
 * returning to /chat reopens it.
 */
const key = (workspaceId: string) => `helixis.onboarding_chat_thread.${workspaceId}`;

export function savedOnboardingThread(workspaceId: string): string | null {
  return globalThis.localStorage.getItem(key(workspaceId));
}

export function rememberOnboardingThread(workspaceId: string, threadId: string): void {
  globalThis.localStorage.setItem(key(workspaceId), threadId);
}

export function forgetOnboardingThread(workspaceId: string): void {
  globalThis.localStorage.removeItem(key(workspaceId));
}
