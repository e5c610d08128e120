import { authMessages, EMAIL_PATTERN, PASSWORD_MIN_LENGTH, PASSWORD_RECOMMENDED_LENGTH } from '@helixis/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { FORM_VALIDATION_MODE, fieldRule } from '../../../lib/form-rules';
import type { AuthMode } from '../sign-in-reasons';

const credentialsSchema = z.object({
  email: fieldRule({ required: true, pattern: EMAIL_PATTERN }),
  password: fieldRule({ required: true, minLength: PASSWORD_MIN_LENGTH }),
});

export type Credentials = z.infer<typeof credentialsSchema>;

interface AuthFormProps {
  mode: AuthMode;
  onSubmit: (credentials: Credentials) => Promise<void>;
  /** Inline error from the last attempt (also shown as a toast by the page). */
  errorMessage?: string | null;
  /** Extra busy state owned by the page (for example while it redirects). */
  busy?: boolean;
}

const copy = {
  signin: { submit: 'Sign In', pending: 'Signing in...', password: 'Your password', autoComplete: 'current-password' },
  signup: {
    submit: 'Create Account',
    pending: 'Creating account...',
    password: authMessages.passwordPlaceholderSignUp,
    autoComplete: 'new-password',
  },
} as const;

/** E-mail and password form for one tab of the sign-in screen. */
export function AuthForm({ mode, onSubmit, errorMessage = null, busy = false }: AuthFormProps) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    mode: FORM_VALIDATION_MODE,
    defaultValues: { email: '', password: '' },
  });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  const loading = isSubmitting || busy;
  const text = copy[mode];
  const ids = {
    email: `${mode}-email`,
    emailError: `${mode}-email-error`,
    password: `${mode}-password`,
    passwordError: `${mode}-password-error`,
    passwordHint: `${mode}-password-hint`,
  };
  const showHint = mode === 'signup' && password.length < PASSWORD_RECOMMENDED_LENGTH;
  const passwordDescribedBy = [errors.password ? ids.passwordError : null, showHint ? ids.passwordHint : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      noValidate
      aria-label={text.submit}
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((values) => onSubmit({ email: values.email.trim(), password: values.password }))}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.email}>Email</Label>
        <Input
          id={ids.email}
          type="email"
          autoComplete="email"
          placeholder="you@yourcompany.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? ids.emailError : undefined}
          {...register('email')}
        />
        {errors.email ? (
          <p id={ids.emailError} className="text-destructive text-sm">
            {errors.email.message}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.password}>Password</Label>
        <Input
          id={ids.password}
          type="password"
          autoComplete={text.autoComplete}
          placeholder={text.password}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={passwordDescribedBy || undefined}
          {...register('password')}
        />
        {errors.password ? (
          <p id={ids.passwordError} className="text-destructive text-sm">
            {errors.password.message}
          </p>
        ) : null}
        {showHint ? (
          <p id={ids.passwordHint} className="text-muted-foreground text-xs">
            {authMessages.passwordHint}
          </p>
        ) : null}
      </div>

      {errorMessage ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <p>{errorMessage}</p>
        </Alert>
      ) : null}

      <Button type="submit" size="lg" disabled={loading || email.trim() === '' || password === ''}>
        {loading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {loading ? text.pending : text.submit}
      </Button>
    </form>
  );
}
