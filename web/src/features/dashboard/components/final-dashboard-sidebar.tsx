import { GraduationCap, LayoutDashboard, Plug, Settings, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/utils';

export type FinalDashboardView = 'dashboard' | 'teach';

/** The search string that selects each in-place view of /final-dashboard. */
export const VIEW_SEARCH: Record<FinalDashboardView, string> = { dashboard: '', teach: '?view=teach' };

const itemClass = (active: boolean) =>
  cn(
    'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left font-medium text-sm transition-colors focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4',
    active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  );

/**
 * The final dashboard's own sidebar (doc 3 §2): Dashboard and Teach Your AI switch the view in place
 * (same page, only the `view` query changes, so each view can be linked); Automations, Connect and
 * Settings go to their pages.
 */
export function FinalDashboardSidebar({ view }: { view: FinalDashboardView }) {
  const inPlace = (target: FinalDashboardView) => ({
    to: { pathname: '/final-dashboard', search: VIEW_SEARCH[target] },
    replace: true,
    className: itemClass(view === target),
    'aria-current': view === target ? ('page' as const) : undefined,
  });
  return (
    <nav aria-label="Final dashboard" className="flex gap-1 overflow-x-auto md:w-44 md:shrink-0 md:flex-col">
      <Link {...inPlace('dashboard')}>
        <LayoutDashboard aria-hidden="true" /> Dashboard
      </Link>
      <Link {...inPlace('teach')}>
        <GraduationCap aria-hidden="true" /> Teach Your AI
      </Link>
      <Link to="/automations" className={itemClass(false)}>
        <Workflow aria-hidden="true" /> Automations
      </Link>
      <Link to="/connect" className={itemClass(false)}>
        <Plug aria-hidden="true" /> Connect
      </Link>
      <Link to="/settings" className={itemClass(false)}>
        <Settings aria-hidden="true" /> Settings
      </Link>
    </nav>
  );
}
