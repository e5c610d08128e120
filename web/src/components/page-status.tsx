import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { Spinner } from './ui/spinner';

interface PageStatusProps {
  label: string;
  /** A second, quieter line under the label. */
  detail?: ReactNode;
  /** Fill the whole viewport (outside the app layout) instead of the content area. */
  fullScreen?: boolean;
}

/** A centred spinner with a short text, for pages waiting on auth or the workspace. */
export function PageStatus({ label, detail, fullScreen = false }: PageStatusProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 px-4 text-center',
        fullScreen ? 'min-h-svh' : 'min-h-[50vh]',
      )}
    >
      <Spinner label={label} className="size-6" />
      {detail ? <p className="max-w-sm text-muted-foreground text-sm">{detail}</p> : null}
    </div>
  );
}
