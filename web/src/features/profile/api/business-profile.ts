import {
  type BusinessDataPatch,
  type EndpointOutput,
  type EssentialInfoPatch,
  errorCatalogue,
  ONBOARDING_STORAGE_KEYS,
  type OnboardingData,
} from '@helixis/contract';
import { assistantMode } from '@helixis/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, invoke } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/auth-client';
import { queryKeys } from '../../../lib/query-keys';

export type BusinessProfileResult = EndpointOutput<'businessProfile'>;
export type BusinessProfile = NonNullable<BusinessProfileResult['profile']>;

/** POST /functions/v1/business-profile {action: 'get'}: the caller's profile, its confidence and the assistant mode. */
export function getBusinessProfile(signal?: AbortSignal): Promise<BusinessProfileResult> {
  return invoke('businessProfile', { action: 'get' }, { signal });
}

export function businessProfileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.businessProfile, queryFn: ({ signal }) => getBusinessProfile(signal) });
}

export function useBusinessProfile() {
  return useQuery(businessProfileQueryOptions());
}

export interface ProfileChanges {
  business_data?: BusinessDataPatch;
  essential_info?: EssentialInfoPatch;
  onboarding_data?: OnboardingData;
  business_description?: string | null;
}

/**
 * Saves profile changes: an update by id when the profile exists (the auto-save), an upsert on the
 * user otherwise. Failures carry the server's save code on the thrown ApiError.
 */
export async function saveBusinessProfile(
  profileId: string | null | undefined,
  changes: ProfileChanges,
): Promise<BusinessProfileResult> {
  // Nothing is sent without a session.
  if (!(await getAccessToken())) {
    throw new ApiError('not_logged_in', errorCatalogue.not_logged_in.message, 401);
  }
  if (profileId) {
    const { onboarding_data, ...byId } = changes;
    if (!onboarding_data) return invoke('updateBusinessProfile', { id: profileId, ...byId });
  }
  return invoke('businessProfile', { action: 'upsert', profile: changes });
}

/**
 * The assistant mode the web uses: the server's profile rule, with the local flags
 * force_fresh_onboarding and prevent_auto_redirect forcing onboarding.
 */
export function useAssistantMode() {
  const profile = useBusinessProfile();
  const flag = (key: string) => globalThis.localStorage.getItem(key) === 'true';
  return assistantMode(profile.data?.profile ?? null, {
    force_fresh_onboarding: flag(ONBOARDING_STORAGE_KEYS.forceFreshOnboarding),
    prevent_auto_redirect: flag(ONBOARDING_STORAGE_KEYS.preventAutoRedirect),
  });
}
