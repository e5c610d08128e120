import { Password } from '@helixis/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, KeyRound, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { BrandLogo } from '../../../components/brand-logo';
import { PageStatus } from '../../../components/page-status';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { authClient, recoveryLinkOpened } from '../../../lib/auth-client';
import { useAuth } from '../../../lib/auth-context';
import { onAuthEvent } from '../../../lib/auth-events';
import { FORM_VALIDATION_MODE } from '../../../lib/form-rules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AFTER_SIGN_IN } from '../use-auth-submit';

const schema = z
  .object({ password: Password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type Values = z.infer<typeof schema>;

/** The error a used or expired link lands with (GoTrue's fragment), read once when the page opens. */
function linkErrorOf(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.get('error_code')) return null;
  return params.get('error_description') || 'This link is invalid or has expired.';
}

/**
 * /reset-password: where the recovery mail's link lands. The auth client reads the session from the
 * address and emits PASSWORD_RECOVERY; the page then asks for a new password (updateUser), which ends
 * every other session of the account.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const { authReady, user } = useAuth();
  const navigate = useNavigate();
  const [recovering, setRecovering] = useState(recoveryLinkOpened);
  const [linkError] = useState(() => linkErrorOf(globalThis.location.hash));
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(
    () =>
      onAuthEvent((event) => {
        if (event === 'PASSWORD_RECOVERY') setRecovering(true);
      }),
    [],
  );
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: FORM_VALIDATION_MODE,
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    const { error } = await authClient.updateUser({ password });
    if (error) {
      setFailure(error.code === 'same_password' ? 'Choose a password different from your old one.' : error.message);
      return;
    }
    toast.success('Password changed', { description: 'You are signed in with your new password.' });
    navigate(AFTER_SIGN_IN, { replace: true });
  });

  let body: React.ReactNode;
  if (!authReady) {
    body = <PageStatus label="Loading" />;
  } else if (user && (recovering || recoveryLinkOpened())) {
    body = (
      <form noValidate aria-label="Set a new password" className="flex flex-col gap-4" onSubmit={submit}>
        <p className="text-muted-foreground text-sm">
          Choose a new password for <span className="font-medium text-foreground">{user.email}</span>. Every other
          device signed in to this account is signed out.
        </p>
        <div className="flex flex-col gap-2">
          <Label htmlFor="new-password">New password</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            aria-invalid={errors.password ? true : undefined}
            {...form.register('password')}
          />
          {errors.password ? <p className="text-destructive text-sm">{errors.password.message}</p> : null}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="confirm-password">Repeat the new password</Label>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            aria-invalid={errors.confirm ? true : undefined}
            {...form.register('confirm')}
          />
          {errors.confirm ? <p className="text-destructive text-sm">{errors.confirm.message}</p> : null}
        </div>
        {failure ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <p>{failure}</p>
          </Alert>
        ) : null}
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          Save new password
        </Button>
      </form>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4 text-center">
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <p>{linkError ?? 'Open the link from your password reset e-mail to set a new password.'}</p>
        </Alert>
        <Button asChild size="lg">
          <Link to="/signin?view=forgot">Send a new reset link</Link>
        </Button>
      </div>
    );
  }

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 px-4 py-10">
      <Link
        to="/"
        className="rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <BrandLogo />
      </Link>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="flex items-center justify-center gap-2 text-2xl">
            <KeyRound aria-hidden="true" className="size-5 text-primary" />
            Set a new password
          </CardTitle>
          <CardDescription>Your reset link signed you in for this one step.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{body}</CardContent>
      </Card>
    </main>
  );
}
