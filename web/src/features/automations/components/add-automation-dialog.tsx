import {
  AUTOMATION_KIND_LABELS,
  AUTOMATION_KIND_PROVIDERS_LABEL,
  AUTOMATION_NAME_MAX_CHARS,
  AUTOMATION_SETTINGS_TIP,
  AutomationKind,
} from '@helixis/contract';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/utils';
import { useCreateAutomation } from '../api/automations';
import { KIND_ICONS } from './automation-visuals';

/** Add Automation dialog: four tiles, a Name and Create, with the settings tip. */
export function AddAutomationDialog() {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<AutomationKind>('email_inbox');
  // The name starts as a real, editable value (the type's name), not a placeholder that looks filled in;
  // null means "not edited", so choosing another type renames it too.
  const [edited, setName] = useState<string | null>(null);
  const name = edited ?? `${AUTOMATION_KIND_LABELS[kind]} assistant`;
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAutomation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError('Please give the automation a name.');
      return;
    }
    create.mutate(
      { kind, name: name.trim() },
      {
        onSuccess: () => {
          toast.success('Automation created');
          setOpen(false);
          setName(null);
          setError(null);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" /> Add automation
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby={undefined}>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <h2 className="font-semibold text-lg">Add Automation</h2>
          <fieldset aria-label="Automation type" className="grid grid-cols-2 gap-3">
            {AutomationKind.options.map((k) => {
              const Icon = KIND_ICONS[k];
              return (
                <label
                  key={k}
                  className={cn(
                    'flex cursor-pointer flex-col items-start gap-1 rounded-lg border p-3 text-left transition-colors hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                    kind === k && 'border-primary bg-primary/5 ring-2 ring-primary/30',
                  )}
                >
                  <input
                    type="radio"
                    name="automation-kind"
                    value={k}
                    checked={kind === k}
                    onChange={() => setKind(k)}
                    className="sr-only"
                  />
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  <span className="font-medium text-sm">{AUTOMATION_KIND_LABELS[k]}</span>
                  <span className="text-muted-foreground text-xs">({AUTOMATION_KIND_PROVIDERS_LABEL[k]})</span>
                </label>
              );
            })}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="automation-name">Name</Label>
            <Input
              id="automation-name"
              value={name}
              maxLength={AUTOMATION_NAME_MAX_CHARS}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
            />
            {error && (
              <p role="alert" className="text-destructive text-sm">
                {error}
              </p>
            )}
          </div>
          <p className="text-muted-foreground text-sm">
            Tip:{' '}
            <Link to="/settings" className="text-primary underline-offset-4 hover:underline">
              {AUTOMATION_SETTINGS_TIP}
            </Link>
          </p>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
