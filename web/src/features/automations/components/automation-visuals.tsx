import { AUTOMATION_STATUS_LABELS, type AutomationKind, type AutomationStatus } from '@helixis/contract';
import { CalendarClock, Mail, MessageSquare, PhoneMissed } from 'lucide-react';
import { cn } from '../../../lib/utils';

export const KIND_ICONS: Record<AutomationKind, typeof Mail> = {
  email_inbox: Mail,
  sms_text: MessageSquare,
  call_followup: PhoneMissed,
  smart_rescheduler: CalendarClock,
};

const STATUS_STYLES: Record<AutomationStatus, string> = {
  connected: 'bg-success/12 text-success',
  needs_auth: 'bg-amber-100 text-amber-800',
  paused: 'bg-secondary text-secondary-foreground',
  error: 'bg-destructive/12 text-destructive',
};

/** The status pill with the spec's labels ('Needs connect', 'Needs attention', …). */
export function StatusPill({ status }: { status: AutomationStatus }) {
  return (
    <span
      data-testid="automation-status"
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs', STATUS_STYLES[status])}
    >
      {AUTOMATION_STATUS_LABELS[status]}
    </span>
  );
}

/** An accessible on/off switch (role="switch"). */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={(e) => {
        e.stopPropagation();
        onChange(!checked);
      }}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-input',
      )}
    >
      <span
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}
