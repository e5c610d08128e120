import { cn } from '../../../lib/utils';

/** A connector's bundled logo (a monogram badge served by the web app). */
export function ConnectorLogo({ src, name, className }: { src: string; name: string; className?: string }) {
  return (
    <img
      src={src}
      alt={`${name} logo`}
      width={40}
      height={40}
      className={cn('size-10 shrink-0 rounded-lg', className)}
    />
  );
}
