import { accountMessages, errorCatalogue, Password } from '@helixis/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, LogOut, UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { authClient } from '../../../lib/auth-client';
import { useAuth } from '../../../lib/auth-context';
import { FORM_VALIDATION_MODE, fieldMessages } from '../../../lib/form-rules';

const schema = z
  .object({
    current_password: z.string().min(1, fieldMessages.required),
    new_password: Password,
    confirm_password: z.string(),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'The passwords do not match',
  });
type Values = z.infer<typeof schema>;

function PasswordField({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error?: string } & ComponentProps<'input'>) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="password" aria-invalid={Boolean(error)} {...props} />
      {error ? <p className="text-destructive text-xs">{error}</p> : null}
    </div>
  );
}

/** Settings → Account: the signed-in e-mail, a password change checked against the current password, sign out. */
export function AccountSection() {
  const { user, signOut } = useAuth();
  // GoTrue's updateUser with the current password checked by the server: other sessions end, this one
  // stays, and the auth client emits USER_UPDATED.
  const change = useMutation({
    mutationFn: async ({ current_password, new_password }: { current_password: string; new_password: string }) => {
      const { error } = await authClient.updateUser({ password: new_password, current_password });
      if (error) throw error;
    },
  });
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: FORM_VALIDATION_MODE,
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(({ current_password, new_password }) =>
    change.mutateAsync({ current_password, new_password }).then(
      () => {
        toast.success(accountMessages.passwordChanged);
        form.reset();
      },
      (err: { code?: string; message?: string }) => {
        if (err.code === 'same_password') {
          form.setError('new_password', { message: 'Choose a password different from the current one.' });
        } else if (err.code === 'current_password_mismatch') {
          form.setError('current_password', { message: errorCatalogue.invalid_current_password.message });
        } else {
          form.setError('current_password', { message: err.message ?? 'Could not change the password.' });
        }
      },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <UserRound aria-hidden="true" className="size-5 text-primary" />
          Account
        </CardTitle>
        <CardDescription>
          Signed in as <span className="font-medium text-foreground">{user?.email ?? 'a guest'}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3" aria-label="Change password" noValidate>
          <PasswordField
            id="current-password"
            label="Current password"
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...form.register('current_password')}
          />
          <PasswordField
            id="new-password"
            label="New password"
            autoComplete="new-password"
            error={errors.new_password?.message}
            {...form.register('new_password')}
          />
          <PasswordField
            id="confirm-password"
            label="Repeat new password"
            autoComplete="new-password"
            error={errors.confirm_password?.message}
            {...form.register('confirm_password')}
          />
          <div className="sm:col-span-3">
            <Button type="submit" variant="outline" disabled={change.isPending}>
              <KeyRound aria-hidden="true" />
              {change.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
        <div className="border-t pt-4">
          <Button variant="outline" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
