import { authMessages } from '@helixis/contract';
import { MailCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Shown after a sign-up that needs the e-mail address confirmed before a session exists. */
export function CheckEmailPanel({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-primary">
        <MailCheck aria-hidden="true" className="size-6" />
      </span>
      <h2 className="font-semibold text-xl tracking-tight">{authMessages.checkEmail}</h2>
      <p className="text-muted-foreground text-sm">
        We sent a confirmation link to <span className="font-medium text-foreground">{email}</span>. Open it to finish
        creating your account; it brings you straight to setting up your assistant.
      </p>
      <Button variant="outline" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
