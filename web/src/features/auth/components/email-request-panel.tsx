import { EMAIL_PATTERN } from '@helixis/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, LoaderCircle, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { FORM_VALIDATION_MODE, fieldRule } from '../../../lib/form-rules';

const schema = z.object({ email: fieldRule({ required: true, pattern: EMAIL_PATTERN }) });

interface EmailRequestPanelProps {
  /** forgot: a password reset link; link: a sign-in link. */
  kind: 'forgot' | 'link';
  /** Sends the mail; resolves with an error text to show, or null when it went out. */
  onRequest: (email: string) => Promise<string | null>;
  onBack: () => void;
}

const copy = {
  forgot: {
    title: 'Reset your password',
    intro: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
    submit: 'Send reset link',
    sent: (email: string) =>
      `If ${email} has an account, a link to reset the password is on its way. It works once, for an hour.`,
  },
  link: {
    title: 'Sign in with an e-mail link',
    intro: 'Enter the e-mail address of your account and we will send you a link that signs you in.',
    submit: 'Email me a sign-in link',
    sent: (email: string) =>
      `If ${email} has an account, a sign-in link is on its way. It works once, for an hour; the mail also holds a 6-digit code.`,
  },
} as const;

/** "Forgot password?" and "Email me a sign-in link": one address in, one mail out, the same answer for anyone. */
export function EmailRequestPanel({ kind, onRequest, onBack }: EmailRequestPanelProps) {
  const text = copy[kind];
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    mode: FORM_VALIDATION_MODE,
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    const trimmed = email.trim();
    const failure = await onRequest(trimmed);
    if (failure) setError(failure);
    else setSentTo(trimmed);
  });

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-4 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-primary">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <h2 className="font-semibold text-xl tracking-tight">Check your email</h2>
        <p className="text-muted-foreground text-sm">{text.sent(sentTo)}</p>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    );
  }

  const id = `${kind}-email`;
  return (
    <form noValidate aria-label={text.title} className="flex flex-col gap-4" onSubmit={submit}>
      <div className="flex flex-col gap-1 text-center">
        <h2 className="font-semibold text-lg tracking-tight">{text.title}</h2>
        <p className="text-muted-foreground text-sm">{text.intro}</p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>Email</Label>
        <Input
          id={id}
          type="email"
          autoComplete="email"
          placeholder="you@yourcompany.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-error` : undefined}
          {...form.register('email')}
        />
        {errors.email ? (
          <p id={`${id}-error`} className="text-destructive text-sm">
            {errors.email.message}
          </p>
        ) : null}
      </div>
      {error ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <p>{error}</p>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {text.submit}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
