import {
  ADD_SECRET_PATH,
  AddSecretOutput,
  CONFIGURE_INTEGRATION_TEXTS,
  HELIXIS_API_URL_SECRET,
  isValidHelixisApiUrl,
  SECRETS_CONFIGURED_STORAGE_KEY,
} from '@helixis/contract';
import { Settings2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { getAccessToken } from '../../../lib/auth-client';
import { offersSecretsStep } from '../lib/secrets-host';

class SecretError extends Error {}

/** POST /functions/v1/secrets--add_secret with the caller's token; the value is never read back. */
async function saveSecret(secretName: string, secretValue: string): Promise<void> {
  const token = await getAccessToken();
  if (!token) throw new SecretError(CONFIGURE_INTEGRATION_TEXTS.notAuthenticated);
  const res = await fetch(ADD_SECRET_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ secret_name: secretName, secret_value: secretValue }),
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message;
    throw new SecretError(message ?? CONFIGURE_INTEGRATION_TEXTS.failed);
  }
  AddSecretOutput.parse(body);
}

/**
 * Asks for the Helixis API URL and stores it as a workspace secret.
 * Offered only on local and preview hosts; elsewhere it renders nothing.
 */
export function ConfigureIntegrationDialog({ hostname = globalThis.location.hostname }: { hostname?: string }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!offersSecretsStep(hostname)) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidHelixisApiUrl(url)) {
      setError(CONFIGURE_INTEGRATION_TEXTS.invalidUrl);
      toast.error(CONFIGURE_INTEGRATION_TEXTS.invalidUrl);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await saveSecret(HELIXIS_API_URL_SECRET, url.trim());
      globalThis.localStorage.setItem(SECRETS_CONFIGURED_STORAGE_KEY, 'true');
      toast.success(CONFIGURE_INTEGRATION_TEXTS.saved);
      setOpen(false);
      setUrl('');
    } catch (err) {
      const message =
        err instanceof SecretError && err.message === CONFIGURE_INTEGRATION_TEXTS.notAuthenticated
          ? err.message
          : CONFIGURE_INTEGRATION_TEXTS.failed;
      setError(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Settings2 aria-hidden="true" /> Configure Integration
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate aria-label="Configure Integration" className="space-y-4">
          <DialogHeader>
            <DialogTitle>Configure Integration</DialogTitle>
            <DialogDescription>
              The Helixis API URL this workspace talks to. It is stored encrypted and never shown again.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="helixis-api-url">Helixis API URL</Label>
            <Input
              id="helixis-api-url"
              type="url"
              inputMode="url"
              placeholder="https://api.example.com"
              value={url}
              aria-invalid={error !== null}
              aria-describedby={error ? 'helixis-api-url-error' : undefined}
              onChange={(e) => setUrl(e.target.value)}
            />
            {error ? (
              <p id="helixis-api-url-error" className="text-destructive text-sm">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
