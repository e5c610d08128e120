import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useAuth } from '../../../lib/auth-context';
import { resetUserOnboarding } from '../api/onboarding';
import { clearForFreshOnboarding } from '../lib/onboarding-storage';

/**
 * Reset onboarding: the server clears the user's onboarding data, then all local storage is
 * cleared, the force flags are set and the browser goes to /.
 */
export function ResetOnboardingCard() {
  const { user } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const reset = async () => {
    setBusy(true);
    try {
      await resetUserOnboarding(user?.id);
      clearForFreshOnboarding();
      globalThis.location.assign('/');
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not reset onboarding.');
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Reset onboarding</CardTitle>
        <CardDescription>
          Clears your business profile, your onboarding answers and this browser's saved data, then starts over.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {confirming ? (
          <>
            <Button variant="destructive" disabled={busy} onClick={() => void reset()}>
              <RotateCcw aria-hidden="true" />
              {busy ? 'Resetting...' : 'Yes, reset onboarding'}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <RotateCcw aria-hidden="true" />
            Reset onboarding
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
