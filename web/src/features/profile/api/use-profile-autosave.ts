import { BUSINESS_AUTOSAVE_DEBOUNCE_MS, profileSaveMessages } from '@helixis/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { queryKeys } from '../../../lib/query-keys';
import { type BusinessProfileResult, type ProfileChanges, saveBusinessProfile } from './business-profile';

export type AutosaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/** Later changes of the same field win; contact parts and sources merge. */
function mergeChanges(a: ProfileChanges, b: ProfileChanges): ProfileChanges {
  const data = a.business_data || b.business_data ? { ...a.business_data, ...b.business_data } : undefined;
  if (data && (a.business_data?.primaryContact || b.business_data?.primaryContact)) {
    data.primaryContact = { ...a.business_data?.primaryContact, ...b.business_data?.primaryContact };
  }
  if (data && (a.business_data?._sources || b.business_data?._sources)) {
    data._sources = { ...a.business_data?._sources, ...b.business_data?._sources };
  }
  const essential = a.essential_info || b.essential_info ? { ...a.essential_info, ...b.essential_info } : undefined;
  return {
    ...a,
    ...b,
    ...(data ? { business_data: data } : {}),
    ...(essential ? { essential_info: essential } : {}),
  };
}

/**
 * The business auto-save (1 s debounce). Changes queue up while the user types; one second
 * after the last one they are saved together, then 'Saved' or 'Save failed' is shown.
 */
export function useProfileAutosave(profileId: string | null | undefined) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AutosaveState>('idle');
  const pending = useRef<ProfileChanges | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const idRef = useRef(profileId);
  idRef.current = profileId;

  const flush = useCallback(async (): Promise<BusinessProfileResult | null> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const changes = pending.current;
    pending.current = null;
    if (!changes) return null;
    setState('saving');
    try {
      const result = await saveBusinessProfile(idRef.current, changes);
      queryClient.setQueryData(queryKeys.businessProfile, result);
      void queryClient.invalidateQueries({ queryKey: queryKeys.onboarding });
      setState('saved');
      toast.success(profileSaveMessages.savedTitle);
      return result;
    } catch {
      // Nothing is lost: the changes go back in the queue for the next attempt.
      pending.current = pending.current ? mergeChanges(changes, pending.current) : changes;
      setState('error');
      toast.error(profileSaveMessages.failedTitle, { description: profileSaveMessages.failedBody });
      return null;
    }
  }, [queryClient]);

  const queue = useCallback(
    (changes: ProfileChanges) => {
      pending.current = pending.current ? mergeChanges(pending.current, changes) : changes;
      setState('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), BUSINESS_AUTOSAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  // Leaving the page saves what is still queued.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void flush();
      }
    },
    [flush],
  );

  return { state, queue, flush, hasPending: () => pending.current !== null };
}
