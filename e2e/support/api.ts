/** Plain HTTP helpers for browser tests: set up accounts through the product's own API. */
export interface ApiUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
}

export async function signUpThroughApi(baseUrl: string, email: string, password: string): Promise<ApiUser> {
  const res = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string; user?: { id: string } };
  if (!res.ok || !body.access_token || !body.user) {
    throw new Error(`sign-up of ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return { id: body.user.id, email, password, accessToken: body.access_token };
}

export async function signInThroughApi(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return body.access_token;
}

export async function getJson<T>(baseUrl: string, path: string, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as T };
}

/** Finishes onboarding through the profile API (description over 50 characters + onboarding_completed): operational mode. */
export async function completeOnboardingThroughApi(baseUrl: string, token: string, description: string): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const upsert = await fetch(`${baseUrl}/functions/v1/business-profile`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ action: 'upsert', profile: { business_description: description } }),
  });
  const body = (await upsert.json()) as { profile?: { id: string } | null };
  if (!upsert.ok || !body.profile) throw new Error(`profile upsert failed: ${upsert.status} ${JSON.stringify(body)}`);
  const patch = await fetch(`${baseUrl}/api/v1/business-profiles/${body.profile.id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ onboarding_completed: true }),
  });
  if (!patch.ok) throw new Error(`completing onboarding failed: ${patch.status} ${await patch.text()}`);
}

/** Uploads a file as the browser's FormData does and waits until the ingest job has made it READY. */
export async function uploadAndWaitThroughApi(
  baseUrl: string,
  token: string,
  filename: string,
  content: string | Uint8Array,
  type = 'text/plain',
): Promise<string> {
  const form = new FormData();
  const bytes = typeof content === 'string' ? content : new Uint8Array(content);
  form.append('file', new Blob([bytes], { type }), filename);
  const res = await fetch(`${baseUrl}/functions/v1/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { document_id } = (await res.json()) as { document_id: string };
  for (const deadline = Date.now() + 30_000; ; ) {
    const doc = await getJson<{ status: string }>(baseUrl, `/api/v1/documents/${document_id}`, token);
    if (doc.body.status === 'READY') return document_id;
    if (doc.body.status !== 'PENDING' || Date.now() > deadline) throw new Error(`ingest ended ${doc.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
