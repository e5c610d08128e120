import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AuthForm } from '../../auth/components/auth-form';
import { CheckEmailPanel } from '../../auth/components/check-email-panel';
import { type AuthMode, isAuthMode } from '../../auth/sign-in-reasons';
import { useAuthSubmit } from '../../auth/use-auth-submit';

interface AuthModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tab shown when the modal opens; Sign Up unless told otherwise. */
  initialMode?: AuthMode;
}

/** Sign in or sign up without leaving the landing page. Same rules and texts as the sign-in screen. */
export function AuthModal({ open, onOpenChange, initialMode = 'signup' }: AuthModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby="auth-modal-description" className="sm:max-w-md">
        {/* Mounted only while open, so every opening starts on the initial tab with empty fields. */}
        {open ? <AuthModalBody initialMode={initialMode} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AuthModalBody({ initialMode, onDone }: { initialMode: AuthMode; onDone: () => void }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const submit = useAuthSubmit(null);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{mode === 'signup' ? 'Create your account' : 'Welcome back'}</DialogTitle>
        <DialogDescription id="auth-modal-description">
          {mode === 'signup'
            ? 'Start building an assistant that knows your properties.'
            : 'Sign in to continue to your workspace.'}
        </DialogDescription>
      </DialogHeader>
      {submit.confirmEmailFor ? (
        <CheckEmailPanel email={submit.confirmEmailFor} onBack={onDone} />
      ) : (
        <Tabs
          value={mode}
          onValueChange={(value) => {
            if (!isAuthMode(value)) return;
            submit.clearErrors();
            setMode(value);
          }}
        >
          <TabsList aria-label="Sign in or sign up">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="signup">
            <AuthForm
              mode="signup"
              onSubmit={submit.signUp}
              errorMessage={submit.errors.signup}
              busy={submit.working}
            />
          </TabsContent>
          <TabsContent value="signin">
            <AuthForm
              mode="signin"
              onSubmit={submit.signIn}
              errorMessage={submit.errors.signin}
              busy={submit.working}
            />
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}
