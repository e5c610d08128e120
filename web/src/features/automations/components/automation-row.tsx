import { AUTOMATION_KIND_LABELS, AUTOMATION_PROVIDER_LABELS } from '@helixis/contract';
import { AUTOMATION_PROVIDERS } from '@helixis/domain';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { type Automation, useToggleAutomation } from '../api/automations';
import { KIND_ICONS, StatusPill, Switch } from './automation-visuals';

/** One automation: icon, name, kind, status, connection chips, stats, Test/Logs/Settings, switch. */
export function AutomationRow({ automation, onOpen }: { automation: Automation; onOpen: () => void }) {
  const navigate = useNavigate();
  const toggle = useToggleAutomation();
  const Icon = KIND_ICONS[automation.kind];
  return (
    <li
      data-testid="automation-row"
      className="flex flex-wrap items-center gap-4 rounded-xl border bg-card p-4 transition-colors hover:bg-accent/40"
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Open ${automation.name}`}
        className="flex size-10 cursor-pointer items-center justify-center rounded-lg bg-primary/10"
      >
        <Icon aria-hidden="true" className="size-5 text-primary" />
      </button>
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" onClick={onOpen} className="cursor-pointer font-medium hover:underline">
            {automation.name}
          </button>
          <StatusPill status={automation.status} />
        </div>
        <span className="text-muted-foreground text-sm">{AUTOMATION_KIND_LABELS[automation.kind]}</span>
        <div className="flex flex-wrap gap-1">
          {AUTOMATION_PROVIDERS[automation.kind].map((p) => (
            <span
              key={p}
              className={
                automation.connections[p]
                  ? 'rounded border border-success/40 px-1.5 text-success text-xs'
                  : 'rounded border px-1.5 text-muted-foreground text-xs'
              }
            >
              {AUTOMATION_PROVIDER_LABELS[p]}
              {automation.connections[p] ? ' ✓' : ''}
            </span>
          ))}
        </div>
      </div>
      <span className="text-muted-foreground text-sm tabular-nums" data-testid="automation-stats">
        Today {automation.stats.today} · 7d {automation.stats['7d']}
      </span>
      <div className="flex items-center gap-1">
        <Button size="sm" variant="ghost" onClick={onOpen}>
          Test
        </Button>
        <Button size="sm" variant="ghost" onClick={onOpen}>
          Logs
        </Button>
        <Button size="sm" variant="ghost" onClick={() => navigate('/settings')}>
          Settings
        </Button>
      </div>
      <Switch
        checked={automation.enabled}
        label={`${automation.enabled ? 'Disable' : 'Enable'} ${automation.name}`}
        disabled={toggle.isPending}
        onChange={(enabled) =>
          toggle.mutate({ id: automation.id, enabled }, { onError: (err) => toast.error(err.message) })
        }
      />
    </li>
  );
}
