import { assistantMessages } from '@helixis/contract';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { defaultAssistant, useAssistants } from '../../assistants/api/list-assistants';
import { useUpdateAssistant } from '../../assistants/api/update-assistant';
import { TemperatureSlider } from '../../assistants/components/temperature-slider';
import { DangerZones } from '../components/danger-zones';

interface FormState {
  name: string;
  description: string;
  system_prompt: string;
  use_rag: boolean;
  temperature: number;
}

/** /admin: the assistant configuration form. Saving needs manager or owner (checked by the server). */
export function AdminPage() {
  useDocumentTitle('Admin');
  const assistants = useAssistants();
  const update = useUpdateAssistant();
  const assistant = defaultAssistant(assistants.data);
  const [form, setForm] = useState<FormState | null>(null);

  useEffect(() => {
    if (assistant && form === null) {
      setForm({
        name: assistant.name,
        description: assistant.description,
        system_prompt: assistant.system_prompt,
        use_rag: assistant.use_rag,
        temperature: assistant.temperature,
      });
    }
  }, [assistant, form]);

  useEffect(() => {
    if (assistants.isError) toast.error('Error', { description: assistantMessages.loadFailed });
  }, [assistants.isError]);

  if (assistants.isPending) return <p className="text-muted-foreground">{assistantMessages.loading}</p>;
  if (assistants.isError) return <p className="text-destructive">{assistantMessages.loadFailed}</p>;
  if (!assistant) return <p className="text-muted-foreground">{assistantMessages.none}</p>;
  if (!form) return <p className="text-muted-foreground">{assistantMessages.loading}</p>;

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setForm({ ...form, [k]: v });
  const save = () =>
    update.mutate(
      { id: assistant.id, ...form },
      {
        onSuccess: () => toast.success(assistantMessages.saved),
        onError: (err) => toast.error('Error', { description: `${assistantMessages.saveFailed}: ${err.message}` }),
      },
    );

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl tracking-tight">Admin</h1>
        <p className="mt-1 text-muted-foreground">Configure how your assistant answers.</p>
      </div>
      <form
        className="flex flex-col gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Card>
          <CardHeader>
            <CardTitle as="h2">Basic Information</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="assistant-name">Assistant Name</Label>
              <Input id="assistant-name" value={form.name} onChange={(e) => set('name', e.target.value)} required />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="assistant-description">Description</Label>
              <Input
                id="assistant-description"
                value={form.description}
                onChange={(e) => set('description', e.target.value)}
              />
            </div>
          </CardContent>
        </Card>
        {/* The technical settings, folded away with a line each on what they do (decision 033). */}
        <details className="group flex flex-col gap-4 rounded-xl border p-4" data-testid="advanced-settings">
          <summary className="cursor-pointer font-semibold text-lg">
            Advanced
            <span className="ml-2 font-normal text-muted-foreground text-sm">
              Instructions, where answers come from, and how varied they are
            </span>
          </summary>
          <div className="mt-4 flex flex-col gap-6">
            <Card>
              <CardHeader>
                <CardTitle as="h2">System Prompt</CardTitle>
                <CardDescription>
                  The standing instructions the assistant reads before every conversation: its role, tone and rules.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <textarea
                  aria-label="System Prompt"
                  rows={8}
                  value={form.system_prompt}
                  onChange={(e) => set('system_prompt', e.target.value)}
                  className="w-full rounded-md border border-input bg-card px-3 py-2 font-mono text-sm"
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle as="h2">Behavior Settings</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-5">
                <div className="flex items-center justify-between gap-4">
                  <div>
                    <Label htmlFor="use-rag">Enable RAG</Label>
                    <p className="text-muted-foreground text-xs">
                      Answer from your uploaded documents. Off: only from what your team taught it.
                    </p>
                  </div>
                  <button
                    id="use-rag"
                    type="button"
                    role="switch"
                    aria-checked={form.use_rag}
                    onClick={() => set('use_rag', !form.use_rag)}
                    className={`relative h-6 w-11 rounded-full transition-colors ${form.use_rag ? 'bg-primary' : 'bg-muted-foreground/30'}`}
                  >
                    <span
                      className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${form.use_rag ? 'translate-x-5' : ''}`}
                    />
                  </button>
                </div>
                <TemperatureSlider
                  id="temperature"
                  value={form.temperature}
                  max={2}
                  onChange={(v) => set('temperature', v)}
                />
              </CardContent>
            </Card>
          </div>
        </details>
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </div>
      </form>
      <DangerZones />
    </section>
  );
}
