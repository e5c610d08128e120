/** '{part of the e-mail before @, or User} Workspace'. */
export function defaultWorkspaceName(email: string | null | undefined): string {
  const local = (email ?? '').split('@')[0]?.trim();
  return `${local || 'User'} Workspace`;
}
