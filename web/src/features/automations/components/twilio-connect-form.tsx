import { ConnectTwilioInput } from '@helixis/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useConnectTwilio, useDisconnectTwilio, useTwilioStatus } from '../api/automations';

type Field = 'account_sid' | 'auth_token' | 'from_number';
const FIELDS: { name: Field; label: string; placeholder: string; type?: string }[] = [
  { name: 'account_sid', label: 'Account SID', placeholder: 'AC…' },
  { name: 'auth_token', label: 'Auth Token', placeholder: '32 characters from the Twilio console', type: 'password' },
  { name: 'from_number', label: 'Twilio phone number', placeholder: '+15551234567' },
];

/**
 * Twilio credentials for SMS and call follow-up: checked against Twilio before they are saved (the
 * token is stored encrypted and never shown again), then the webhook addresses to paste into Twilio.
 */
export function TwilioConnectForm({ onDone }: { onDone?: () => void }) {
  const status = useTwilioStatus();
  const connect = useConnectTwilio();
  const disconnect = useDisconnectTwilio();
  const [values, setValues] = useState<Record<Field, string>>({ account_sid: '', auth_token: '', from_number: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ConnectTwilioInput.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    connect.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Twilio connected');
        setValues({ account_sid: '', auth_token: '', from_number: '' });
        onDone?.();
      },
    });
  };

  if (status.data?.connected) {
    return (
      <div className="flex flex-col gap-2 rounded-lg border p-3 text-sm" data-testid="twilio-connected">
        <p>
          Twilio connected: <span className="font-mono">{status.data.account_sid}</span> sending from{' '}
          <span className="font-medium">{status.data.from_number}</span>
        </p>
        <p className="text-muted-foreground text-xs">In the Twilio console, set your number's webhooks to:</p>
        <dl className="grid gap-1 text-xs">
          <dt className="font-medium">A message comes in (HTTP POST)</dt>
          <dd className="break-all font-mono">{status.data.sms_webhook_url}</dd>
          <dt className="font-medium">Call status changes</dt>
          <dd className="break-all font-mono">{status.data.voice_status_webhook_url}</dd>
        </dl>
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          disabled={disconnect.isPending}
          onClick={() => disconnect.mutate({}, { onError: (err) => toast.error(err.message) })}
        >
          Disconnect Twilio
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Connect Twilio"
      className="flex flex-col gap-3 rounded-lg border p-3"
    >
      {FIELDS.map((f) => (
        <div key={f.name} className="flex flex-col gap-1">
          <Label htmlFor={`twilio-${f.name}`}>{f.label}</Label>
          <Input
            id={`twilio-${f.name}`}
            type={f.type ?? 'text'}
            autoComplete="off"
            placeholder={f.placeholder}
            value={values[f.name]}
            aria-invalid={errors[f.name] ? true : undefined}
            onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
          />
          {errors[f.name] && <p className="text-destructive text-xs">{errors[f.name]}</p>}
        </div>
      ))}
      {connect.isError && <Alert variant="destructive">{connect.error.message}</Alert>}
      <Button type="submit" size="sm" className="self-start" disabled={connect.isPending}>
        {connect.isPending ? 'Checking with Twilio…' : 'Verify & connect'}
      </Button>
    </form>
  );
}
