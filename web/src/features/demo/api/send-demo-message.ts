import {
  DEMO_CHAT_PATH,
  type DemoChatInput,
  type DemoChatOutput,
  DemoChatOutput as DemoChatOutputSchema,
  errorCatalogue,
} from '@helixis/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';

/**
 * POST /functions/v1/demo-chat: public, so no token goes along (the demo is for visitors).
 * Not in the signed-in endpoint map, because it is a rate-limited raw route.
 */
export async function sendDemoMessage(input: DemoChatInput): Promise<DemoChatOutput> {
  let response: Response;
  try {
    response = await fetch(new URL(DEMO_CHAT_PATH, globalThis.location.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError('service_unavailable', errorCatalogue.service_unavailable.message, 0);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(
      error?.code ?? 'unknown_error',
      error?.message ?? errorCatalogue.unknown_error.message,
      response.status,
    );
  }
  const parsed = DemoChatOutputSchema.safeParse(payload);
  if (!parsed.success) throw new ApiError('invalid_response', errorCatalogue.unknown_error.message, response.status);
  return parsed.data;
}

export function useSendDemoMessage() {
  return useMutation({ mutationFn: sendDemoMessage });
}
