import type {
  BusinessData,
  BusinessDataPatch,
  EssentialInfo,
  EssentialInfoPatch,
  ExtractedBusinessInfo,
  OnboardingData,
  PrimaryContact,
  ProfileConfidence,
} from '@helixis/contract';
import { confidenceTier, detectContradictions, scoreConfidence } from '@helixis/domain';

/**
 * How a change reaches a stored business profile. business_data holds the five required fields;
 * essential_info holds what the confidence score reads plus copies of the shared fields, so the two
 * are kept in step here: whichever side a change names is copied to the other. The description's
 * contradictions are always recomputed, never taken from a client.
 */

export interface ProfileState {
  businessDescription: string | null;
  businessData: BusinessData;
  essentialInfo: EssentialInfo;
  onboardingData: OnboardingData;
}

export interface ProfilePatch {
  business_description?: string | null | undefined;
  business_data?: BusinessDataPatch | undefined;
  essential_info?: EssentialInfoPatch | undefined;
  onboarding_data?: OnboardingData | undefined;
}

export const EMPTY_PROFILE: ProfileState = {
  businessDescription: null,
  businessData: {},
  essentialInfo: {},
  onboardingData: {},
};

type Sources = Record<string, string>;

/** A contact with empty parts dropped; undefined when nothing is left. */
function cleanContact(contact: PrimaryContact | undefined): PrimaryContact | undefined {
  if (!contact) return undefined;
  const out: PrimaryContact = {};
  for (const key of ['name', 'role', 'email'] as const) {
    const value = contact[key]?.trim();
    if (value) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Applies the fields present in `patch` to `base`: an empty string (or empty contact) removes the field. */
function applyFields<T extends Record<string, unknown>>(
  base: T,
  patch: Record<string, unknown>,
  defaultSource: string,
): { next: T; changed: string[] } {
  const next: Record<string, unknown> = { ...base };
  const sources: Sources = { ...((base._sources as Sources | undefined) ?? {}) };
  const given = (patch._sources as Sources | undefined) ?? {};
  const changed: string[] = [];
  for (const [key, raw] of Object.entries(patch)) {
    if (key === '_sources' || raw === undefined) continue;
    let value: unknown = raw;
    if (typeof raw === 'string') value = raw.trim() || undefined;
    else if (key === 'primaryContact') value = cleanContact(raw as PrimaryContact);
    else if (Array.isArray(raw)) value = raw.length > 0 ? raw : undefined;
    if (value === undefined) {
      delete next[key];
      delete sources[key];
    } else {
      next[key] = value;
      sources[key] = given[key] ?? defaultSource;
    }
    changed.push(key);
  }
  if (Object.keys(sources).length > 0) next._sources = sources;
  else delete next._sources;
  return { next: next as T, changed };
}

function setLinked(target: Record<string, unknown>, key: string, value: unknown, source: string | undefined) {
  const sources = { ...((target._sources as Sources | undefined) ?? {}) };
  if (value === undefined) {
    delete target[key];
    delete sources[key];
  } else {
    target[key] = value;
    if (source) sources[key] = source;
  }
  if (Object.keys(sources).length > 0) target._sources = sources;
  else delete target._sources;
}

/** business_data field → the essential_info fields that mirror it. */
const LINKS: readonly { data: keyof BusinessData; essential: readonly (keyof EssentialInfo)[] }[] = [
  { data: 'officialName', essential: ['officialName', 'business_name'] },
  { data: 'industry', essential: ['business_type'] },
  { data: 'serviceArea', essential: ['serviceArea'] },
  { data: 'primaryContact', essential: ['primaryContact'] },
];

/** The profile after a change, with the mirrored fields and the contradictions brought up to date. */
export function applyProfilePatch(state: ProfileState, patch: ProfilePatch, source = 'manual'): ProfileState {
  const essential = patch.essential_info
    ? applyFields(state.essentialInfo, patch.essential_info, source)
    : { next: { ...state.essentialInfo }, changed: [] as string[] };
  const data = patch.business_data
    ? applyFields(state.businessData, patch.business_data, source)
    : { next: { ...state.businessData }, changed: [] as string[] };
  const essentialInfo = essential.next as Record<string, unknown>;
  const businessData = data.next as Record<string, unknown>;
  const dataSources = (businessData._sources as Sources | undefined) ?? {};
  const essentialSources = (essentialInfo._sources as Sources | undefined) ?? {};

  for (const link of LINKS) {
    if (data.changed.includes(link.data)) {
      for (const key of link.essential) setLinked(essentialInfo, key, businessData[link.data], dataSources[link.data]);
    } else {
      const from = link.essential.find((key) => essential.changed.includes(key));
      if (from) {
        const value = essentialInfo[from];
        for (const key of link.essential) setLinked(essentialInfo, key, value, essentialSources[from]);
        setLinked(businessData, link.data, value, essentialSources[from]);
      }
    }
  }
  // A service area also tells where the business is, unless a location was given on its own.
  if (!essentialInfo.location && typeof businessData.serviceArea === 'string') {
    setLinked(essentialInfo, 'location', businessData.serviceArea, dataSources.serviceArea);
  }

  let businessDescription = state.businessDescription;
  if (patch.business_description !== undefined) {
    businessDescription = patch.business_description?.trim() || null;
    if (!data.changed.includes('businessDescription')) {
      setLinked(businessData, 'businessDescription', businessDescription ?? undefined, source);
    }
  } else if (data.changed.includes('businessDescription')) {
    businessDescription = (businessData.businessDescription as string | undefined) ?? null;
  }

  const contradictions = detectContradictions(businessDescription);
  if (contradictions.length > 0) essentialInfo.contradictions = contradictions;
  else delete essentialInfo.contradictions;

  return {
    businessDescription,
    businessData: businessData as BusinessData,
    essentialInfo: essentialInfo as EssentialInfo,
    onboardingData: patch.onboarding_data
      ? { ...state.onboardingData, ...patch.onboarding_data }
      : state.onboardingData,
  };
}

/** Turns what text extraction found into a business_data patch (and the accepted payment types). */
export function patchFromExtracted(info: ExtractedBusinessInfo): ProfilePatch {
  const { paymentsAccepted, _sources, ...fields } = info;
  const patch: ProfilePatch = {};
  if (Object.keys(fields).length > 0) patch.business_data = { ...fields, ...(_sources ? { _sources } : {}) };
  if (paymentsAccepted && paymentsAccepted.length > 0) {
    patch.essential_info = {
      paymentsAccepted,
      ...(_sources?.paymentsAccepted ? { _sources: { paymentsAccepted: _sources.paymentsAccepted } } : {}),
    };
  }
  return patch;
}

/** The confidence score and tier of a profile. */
export function profileConfidence(state: ProfileState | null): ProfileConfidence {
  const info = state?.essentialInfo ?? {};
  const contradictions = info.contradictions ?? [];
  const score = scoreConfidence({
    description: state?.businessDescription ?? '',
    business_name: info.business_name,
    business_type: info.business_type,
    location: info.location,
    services: info.services,
    target_audience: info.target_audience,
    contradictions,
  });
  return { score, tier: confidenceTier(score), contradictions };
}
