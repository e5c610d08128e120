import { connectorTexts } from '@helixis/contract';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { useConnectorFields, useUpdateFields } from '../api/connectors';
import { FieldSwitch } from './field-switch';

/** Scopes & Fields: one switch per field; PII switches are disabled and never turn on. */
export function FieldsTab({ kind }: { kind: string }) {
  const fields = useConnectorFields(kind);
  const update = useUpdateFields(kind);
  if (fields.isPending) return <Spinner label="Loading fields..." />;
  if (fields.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {connectorTexts.failedFields}: {fields.error.message}
      </p>
    );
  }
  if (fields.data.fields.length === 0)
    return <p className="text-muted-foreground text-sm">This app shares no fields.</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-muted-foreground text-sm">{connectorTexts.piiNote}</p>
      <ul className="divide-y rounded-lg border">
        {fields.data.fields.map((field) => (
          <li key={field.field_key} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="flex items-center gap-2 text-sm">
              {field.label}
              {field.pii && <Badge variant="outline">PII</Badge>}
            </span>
            <FieldSwitch
              label={field.label}
              checked={field.pii ? false : field.enabled}
              disabled={field.pii || update.isPending}
              onChange={(next) =>
                update.mutate([{ field_key: field.field_key, enabled: field.pii ? false : next }], {
                  onError: (err) => toast.error(connectorTexts.updateFailed, { description: err.message }),
                })
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
