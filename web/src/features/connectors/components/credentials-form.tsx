import { connectorTexts } from '@helixis/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { type CatalogEntry, useConnect } from '../api/connectors';

/** The API-key connect form: the entry's credential fields, verified by the server before they are stored. */
export function CredentialsForm({ entry }: { entry: CatalogEntry }) {
  const connect = useConnect();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const required = entry.credential_fields.filter((f) => !/optional/i.test(f.label));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing = required.filter((f) => !values[f.key]?.trim());
    if (missing.length) {
      setError(connectorTexts.missingCredentials(missing.map((f) => f.label).join(', ')));
      return;
    }
    setError(null);
    // mutateAsync: the form unmounts once the status says connected, and the toast must still show.
    connect.mutateAsync({ kind: entry.kind, credentials: values }).then(
      () => toast.success(connectorTexts.connected(entry.name)),
      (err: Error) => {
        setError(err.message);
        toast.error(connectorTexts.connectFailed, { description: err.message });
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border p-4"
      data-testid="credentials-form"
      noValidate
    >
      <p className="font-medium">Connect {entry.name}</p>
      {entry.credential_fields.map((field) => (
        <div key={field.key} className="flex flex-col gap-1.5">
          <Label htmlFor={`cred-${field.key}`}>{field.label}</Label>
          <Input
            id={`cred-${field.key}`}
            type={field.secret ? 'password' : 'text'}
            autoComplete="off"
            placeholder={field.placeholder}
            value={values[field.key] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
          />
          {field.help && <p className="text-muted-foreground text-xs">{field.help}</p>}
        </div>
      ))}
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Button type="submit" disabled={connect.isPending}>
        {connect.isPending ? 'Verifying...' : `Connect ${entry.name}`}
      </Button>
    </form>
  );
}
