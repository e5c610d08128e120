import type { Assistant, AssistantList, AssistantType } from '@helixis/contract';
import type { WorkspaceContext } from '../../platform/context';
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
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

export async function listAssistants({ ctx }: { ctx: WorkspaceContext }): Promise<AssistantList> {
  const rows = await ctx.tenant((tx) => repo.listAssistants(tx, ctx.workspace.id));
  return { assistants: rows.map(toAssistant) };
}
