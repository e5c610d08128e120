import { WORKSPACE_NAME_MAX_CHARS } from '@helixis/contract';
import { hasRole } from '@helixis/domain';
import type { Tx } from '../../db/client';
import type { WorkspaceContext } from '../../platform/context';
import { publishEvent } from '../../platform/events';
import * as repo from './profile.repo';

/** A business name as a workspace name: one line, spaces collapsed, cut to the longest name at a word. */
export function workspaceNameFromBusiness(businessName: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters become spaces
  const line = businessName.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  if (!line) return null;
  if (line.length <= WORKSPACE_NAME_MAX_CHARS) return line;
  const cut = line.slice(0, WORKSPACE_NAME_MAX_CHARS + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, WORKSPACE_NAME_MAX_CHARS)).trim();
}

/**
 * Called inside the profile write path's transaction once onboarding knows the business name: the
 * workspace takes it if (and only if) it still has the sign-up default. Only an owner's or admin's
 * profile names the workspace, as only they may rename it. Not an activity-log event (the log keeps
 * what people did; a rename in Settings is logged).
 */
export async function nameWorkspaceAfterBusiness(
  tx: Tx,
  ctx: WorkspaceContext,
  businessName: string | null | undefined,
): Promise<boolean> {
  if (!businessName || !hasRole(ctx.workspace.businessRole, 'manager')) return false;
  const name = workspaceNameFromBusiness(businessName);
  if (!name) return false;
  if (!(await repo.nameWorkspaceAfterBusiness(tx, ctx.workspace.id, name))) return false;
  await publishEvent(tx, { type: 'workspace.updated', workspaceId: ctx.workspace.id });
  return true;
}
