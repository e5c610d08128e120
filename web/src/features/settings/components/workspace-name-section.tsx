import { WORKSPACE_NAME_MAX_CHARS, WorkspaceName } from '@helixis/contract';
import { Building2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useBusinessRole, useMe, useRenameWorkspace } from '../../workspaces';

/**
 * Settings → Workspace: its name, shown in the sidebar and in invitations. Owners and admins change it
 * (the server enforces that); members read it.
 */
export function WorkspaceNameSection() {
  const me = useMe();
  const { role } = useBusinessRole();
  const rename = useRenameWorkspace();
  const canRename = role === 'owner' || role === 'manager';
  const saved = me.data?.workspace.name ?? '';
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (me.isSuccess && name === null) setName(saved);
  }, [me.isSuccess, saved, name]);

  const value = name ?? saved;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = WorkspaceName.safeParse(value);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Check the name.');
      return;
    }
    const id = me.data?.workspace.id;
    if (!id) return;
    setError(null);
    rename.mutate(
      { id, name: checked.data },
      {
        onSuccess: (workspace) => {
          setName(workspace.name);
          toast.success('Workspace renamed.');
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Building2 aria-hidden="true" className="size-5 text-primary" />
          Workspace
        </CardTitle>
        <CardDescription>Its name appears in the sidebar and in the invitations you send.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="workspace-name">Workspace name</Label>
            <Input
              id="workspace-name"
              value={value}
              maxLength={WORKSPACE_NAME_MAX_CHARS}
              disabled={me.isPending}
              readOnly={!canRename}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'workspace-name-error' : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
            />
            {error ? (
              <p id="workspace-name-error" className="text-destructive text-xs">
                {error}
              </p>
            ) : null}
          </div>
          {canRename ? (
            <div>
              <Button type="submit" disabled={rename.isPending || me.isPending || value.trim() === saved}>
                {rename.isPending ? 'Saving...' : 'Save name'}
              </Button>
            </div>
          ) : (
            <span className="text-muted-foreground text-xs">Owners and admins can rename the workspace.</span>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
