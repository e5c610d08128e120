/** '{part of the e-mail before @, or User} Workspace' (doc 1 §3). */
export function defaultWorkspaceName(email: string | null | undefined): string {
  const local = (email ?? '').split('@')[0]?.trim();
  return `${local || 'User'} Workspace`;
}
