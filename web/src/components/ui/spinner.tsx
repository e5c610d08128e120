import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

interface SpinnerProps {
  className?: string;
  /** Visible text next to the spinner; also its accessible name. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center gap-2 text-muted-foreground text-sm">
      <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-primary', className)} />
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}
