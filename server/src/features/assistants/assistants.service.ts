import {
  type Assistant,
  type AssistantType,
  TEST_ASSISTANT_SUFFIX,
  type TestAssistantPair,
  testAssistantDescription,
} from '@helixis/contract';
import type { WorkspaceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { EndpointHandler } from '../../platform/http';
import * as repo from './assistants.repo';

export function toAssistant(row: repo.AssistantRow): Assistant {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    owner_id: row.ownerId,
    name: row.name,
    description: row.description,
    system_prompt: row.systemPrompt,
    temperature: Math.round(row.temperature * 100) / 100,
    use_rag: row.useRag,
    assistant_type: row.assistantType as AssistantType,
    is_shared: row.isShared,
    is_test_version: row.isTestVersion,
    parent_assistant_id: row.parentAssistantId ?? null,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

export const listAssistants: EndpointHandler<'listAssistants'> = async ({ ctx }) => {
  const rows = await ctx.tenant((tx) => repo.listAssistants(tx, ctx.workspace.id));
  return { assistants: rows.map(toAssistant) };
};

export const updateAssistant: EndpointHandler<'updateAssistant'> = async ({ ctx, input }) => {
  const { id, system_prompt, use_rag, ...rest } = input;
  const patch: repo.AssistantPatch = { ...rest };
  if (system_prompt !== undefined) patch.systemPrompt = system_prompt;
  if (use_rag !== undefined) patch.useRag = use_rag;
  const row = await ctx.tenant(async (tx) => {
    const current = await repo.findAssistant(tx, ctx.workspace.id, id);
    if (!current) throw new AppError('assistant_not_found');
    if (Object.keys(patch).length === 0) return current;
    return repo.updateAssistant(tx, ctx.workspace.id, id, patch);
  });
  if (!row) throw new AppError('assistant_not_found');
  return { assistant: toAssistant(row) };
};

/** The live assistant and its test copy; the copy is created on first call. */
export const ensureTestAssistant: EndpointHandler<'ensureTestAssistant'> = async ({ ctx }) => {
  return ctx.tenant(async (tx) => {
    const live = await repo.findLiveAssistant(tx, ctx.workspace.id);
    if (!live) throw new AppError('assistant_not_found');
    const test =
      (await repo.findTestCopy(tx, ctx.workspace.id, live.id)) ??
      (await repo.insertTestCopy(tx, live, {
        name: `${live.name}${TEST_ASSISTANT_SUFFIX}`,
        description: testAssistantDescription(live.name),
      })) ??
      (await repo.findTestCopy(tx, ctx.workspace.id, live.id));
    if (!test) throw new AppError('assistant_not_found');
    return { live: toAssistant(live), test: toAssistant(test) };
  });
};

/** The live assistant and its test copy when both exist; creates nothing (for read-only views). */
export async function findTestPair(ctx: WorkspaceContext): Promise<TestAssistantPair | null> {
  return ctx.tenant(async (tx) => {
    const live = await repo.findLiveAssistant(tx, ctx.workspace.id);
    const test = live ? await repo.findTestCopy(tx, ctx.workspace.id, live.id) : undefined;
    return live && test ? { live: toAssistant(live), test: toAssistant(test) } : null;
  });
}

/** Apply to Live: the test copy's prompt and temperature become the live assistant's. */
export async function applyTestAssistant({ ctx }: { ctx: WorkspaceContext }): Promise<TestAssistantPair> {
  return ctx.tenant(async (tx) => {
    const live = await repo.findLiveAssistant(tx, ctx.workspace.id);
    if (!live) throw new AppError('assistant_not_found');
    const test = await repo.findTestCopy(tx, ctx.workspace.id, live.id);
    if (!test) throw new AppError('test_assistant_missing');
    const updated = await repo.updateAssistant(tx, ctx.workspace.id, live.id, {
      systemPrompt: test.systemPrompt,
      temperature: test.temperature,
    });
    if (!updated) throw new AppError('assistant_not_found');
    return { live: toAssistant(updated), test: toAssistant(test) };
  });
}

/** The settings a chat answers with: the live assistant, or its test copy in test mode. */
export async function assistantForChat(ctx: WorkspaceContext, testMode: boolean): Promise<Assistant | null> {
  return ctx.tenant(async (tx) => {
    const live = await repo.findLiveAssistant(tx, ctx.workspace.id);
    if (!live) return null;
    if (!testMode) return toAssistant(live);
    const test = await repo.findTestCopy(tx, ctx.workspace.id, live.id);
    if (!test) throw new AppError('test_assistant_missing');
    return toAssistant(test);
  });
}
