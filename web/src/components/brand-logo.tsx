import { BRAND_NAME } from '@helixis/contract';
import { cn } from '../lib/utils';

/** The product mark: two uprights joined by a twist, next to the name. */
export function BrandLogo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold text-foreground tracking-tight', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M10 8v16M22 8v16M10 12.5c4 3 8 3 12 0M10 19.5c4-3 8-3 12 0"
          fill="none"
          stroke="white"
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
      {showName ? <span className="text-lg">{BRAND_NAME}</span> : <span className="sr-only">{BRAND_NAME}</span>}
    </span>
  );
}
