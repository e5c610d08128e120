/** Accepts only same-origin paths as a return target, so a crafted link cannot send a user to another site. */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The sign-in address that brings the user back to `path` afterwards. */
export function signInPathFor(path: string): string {
  return `/signin?next=${encodeURIComponent(path)}`;
}
