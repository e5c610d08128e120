/** The secrets step is offered only on editor, preview or local hosts; public domains skip it. */
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function offersSecretsStep(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (IPV4.test(host) || host.includes(':')) return true;
  // Editor and preview deployments carry "preview" in their host name (preview--app.example, app.preview.example).
  return /(^|[.-])preview([.-]|$)/.test(host);
}
