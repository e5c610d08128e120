import { type BusinessRole, ROLE_CHECK_TIMEOUT_MS } from '@helixis/contract';
import { useEffect, useState } from 'react';
import { useMe } from './get-me';

/**
 * The signed-in user's business role: from the membership, or employee when the check
 * fails or takes longer than ROLE_CHECK_TIMEOUT_MS, so a slow check never grants more than the least.
 */
export function useBusinessRole(): { role: BusinessRole; settled: boolean } {
  const me = useMe();
  const [timedOut, setTimedOut] = useState(false);
  const waiting = me.data === undefined && !me.isError;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), ROLE_CHECK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  if (me.data) return { role: me.data.businessRole, settled: true };
  return { role: 'employee', settled: me.isError || timedOut };
}
