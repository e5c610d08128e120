import { authMessages, POST_SIGNIN_REDIRECT_DELAY_MS, userMessageForAuthError } from '@helixis/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../lib/auth-context';
import { delay } from '../../lib/delay';
import type { Credentials } from './components/auth-form';
import type { AuthMode } from './sign-in-reasons';

export const AFTER_SIGN_UP = '/onboarding?step=integrations';
export const AFTER_SIGN_IN = '/get-started';

/**
 * Sign-in and sign-up submission shared by the sign-in screen and the landing page's auth modal:
 * the service message → user message table and toasts, and where each outcome lands.
 */
export function useAuthSubmit(next: string | null) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<AuthMode, string | null>>({ signin: null, signup: null });
  const [confirmEmailFor, setConfirmEmailFor] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const fail = (which: AuthMode, serviceMessage: string | undefined) => {
    const message = userMessageForAuthError(serviceMessage);
    setErrors((current) => ({ ...current, [which]: message }));
    toast.error(which === 'signin' ? authMessages.signInFailedTitle : authMessages.signUpFailedTitle, {
      description: message,
    });
    setWorking(false);
  };

  const signIn = async ({ email, password }: Credentials) => {
    setWorking(true);
    setErrors((current) => ({ ...current, signin: null }));
    const { error } = await auth.signIn(email, password);
    if (error) return fail('signin', error.message);
    toast.success(authMessages.signedInTitle, { description: authMessages.signedInBody });
    await delay(POST_SIGNIN_REDIRECT_DELAY_MS);
    navigate(next ?? AFTER_SIGN_IN, { replace: true });
  };

  const signUp = async ({ email, password }: Credentials) => {
    setWorking(true);
    setErrors((current) => ({ ...current, signup: null }));
    const { session, error } = await auth.signUp(email, password);
    if (error) return fail('signup', error.message);
    if (!session) {
      setWorking(false);
      setConfirmEmailFor(email);
      return;
    }
    toast.success(authMessages.signedUpTitle, { description: authMessages.signedUpBody });
    navigate(next ?? AFTER_SIGN_UP, { replace: true });
  };

  return {
    errors,
    clearErrors: () => setErrors({ signin: null, signup: null }),
    confirmEmailFor,
    clearConfirmEmail: () => setConfirmEmailFor(null),
    working,
    signIn,
    signUp,
  };
}
