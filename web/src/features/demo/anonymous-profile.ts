import {
  ANONYMOUS_DEMO_MESSAGES,
  type DemoChatTurn,
  LOCAL_PROFILE_ID_PREFIX,
  LOCAL_SESSION_ID_PREFIX,
} from '@helixis/contract';

/**
 * What an anonymous visitor has: a local-only profile (id local_…, session session_…),
 * the demo conversation and any knowledge items, all in this browser's local storage and never sent
 * to the database (the server refuses local_/session_ ids for database work).
 */
export interface LocalProfile {
  id: string;
  sessionId: string;
  createdAt: string;
}

export interface LocalKnowledgeItem {
  id: string;
  text: string;
  createdAt: string;
}

export const LOCAL_PROFILE_KEY = 'helixis_local_profile';
export const DEMO_CONVERSATION_KEY = 'helixis_demo_conversation';
export const LOCAL_KNOWLEDGE_KEY = 'helixis_local_knowledge';

function randomPart(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 16);
}

function readJson<T>(key: string, valid: (value: unknown) => value is T): T | null {
  const raw = globalThis.localStorage.getItem(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

function isLocalProfile(value: unknown): value is LocalProfile {
  const v = value as LocalProfile | null;
  return (
    typeof v?.id === 'string' &&
    v.id.startsWith(LOCAL_PROFILE_ID_PREFIX) &&
    typeof v.sessionId === 'string' &&
    v.sessionId.startsWith(LOCAL_SESSION_ID_PREFIX) &&
    typeof v.createdAt === 'string'
  );
}

function isTurnList(value: unknown): value is DemoChatTurn[] {
  return (
    Array.isArray(value) &&
    value.every(
      (t: DemoChatTurn | null) => (t?.role === 'user' || t?.role === 'assistant') && typeof t.content === 'string',
    )
  );
}

function isKnowledgeList(value: unknown): value is LocalKnowledgeItem[] {
  return (
    Array.isArray(value) &&
    value.every((k: LocalKnowledgeItem | null) => typeof k?.id === 'string' && typeof k.text === 'string')
  );
}

/** The visitor's local profile, created on first use. */
export function getLocalProfile(): LocalProfile {
  const existing = readJson(LOCAL_PROFILE_KEY, isLocalProfile);
  if (existing) return existing;
  const profile: LocalProfile = {
    id: `${LOCAL_PROFILE_ID_PREFIX}${randomPart()}`,
    sessionId: `${LOCAL_SESSION_ID_PREFIX}${randomPart()}`,
    createdAt: new Date().toISOString(),
  };
  globalThis.localStorage.setItem(LOCAL_PROFILE_KEY, JSON.stringify(profile));
  return profile;
}

export function loadDemoConversation(): DemoChatTurn[] {
  return readJson(DEMO_CONVERSATION_KEY, isTurnList) ?? [];
}

export function saveDemoConversation(turns: DemoChatTurn[]): void {
  globalThis.localStorage.setItem(DEMO_CONVERSATION_KEY, JSON.stringify(turns));
}

/** Messages the visitor has sent in the demo, and how many are left of ANONYMOUS_DEMO_MESSAGES. */
export function demoAllowance(turns: DemoChatTurn[]): { sent: number; remaining: number } {
  const sent = turns.filter((t) => t.role === 'user').length;
  return { sent, remaining: Math.max(0, ANONYMOUS_DEMO_MESSAGES - sent) };
}

export function loadLocalKnowledge(): LocalKnowledgeItem[] {
  return readJson(LOCAL_KNOWLEDGE_KEY, isKnowledgeList) ?? [];
}

/** Keeps a fact the visitor told the demo, on this device only. */
export function addLocalKnowledge(text: string): LocalKnowledgeItem {
  const item: LocalKnowledgeItem = {
    id: `${LOCAL_PROFILE_ID_PREFIX}k_${randomPart()}`,
    text: text.trim(),
    createdAt: new Date().toISOString(),
  };
  globalThis.localStorage.setItem(LOCAL_KNOWLEDGE_KEY, JSON.stringify([...loadLocalKnowledge(), item]));
  return item;
}
