/**
 * Public face of the auth feature (decision 042): other features and app/ import only this file.
 * Sign-in, sign-up and password reset (/signin, /signup, /reset-password, /auth-redirect). The form and its
 * submit hook are also the landing page's sign-up dialog.
 */
export { AuthForm } from './components/auth-form';
export { CheckEmailPanel } from './components/check-email-panel';
export { type AuthMode, isAuthMode } from './sign-in-reasons';
export { useAuthSubmit } from './use-auth-submit';
