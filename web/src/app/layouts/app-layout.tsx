import * as DialogPrimitive from '@radix-ui/react-dialog';
import {
  Building2,
  FileText,
  GraduationCap,
  LayoutDashboard,
  ListChecks,
  LogOut,
  Menu,
  MessageSquare,
  Plug,
  Rocket,
  Settings,
  ShieldCheck,
  Workflow,
  X,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, type Location, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { Button } from '../../components/ui/button';
import { useBusinessRole, useMe } from '../../features/workspaces';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/utils';

interface NavItem {
  to: string;
  label: string;
  icon: typeof Rocket;
  /** The query that selects an in-place view of the page (Teach Your AI on the dashboard). */
  search?: string;
}

const links: readonly NavItem[] = [
  { to: '/get-started', label: 'Get started', icon: Rocket },
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/dashboard', search: '?view=teach', label: 'Teach Your AI', icon: GraduationCap },
  { to: '/chat', label: 'Chat', icon: MessageSquare },
  { to: '/automations', label: 'Automations', icon: Workflow },
  { to: '/connect', label: 'Connect', icon: Plug },
  { to: '/settings', label: 'Settings', icon: Settings },
];

/** Shown to managers and owners only; the pages check the role again, and so does the server. */
const managerLinks: readonly NavItem[] = [
  { to: '/documents', label: 'Documents', icon: FileText },
  { to: '/facts', label: 'Facts', icon: ListChecks },
  { to: '/admin', label: 'Admin', icon: ShieldCheck },
];

/** Whether a link is the current page: the dashboard's Teach Your AI view counts as its own page. */
export function isCurrent(item: Pick<NavItem, 'to' | 'search'>, location: Pick<Location, 'pathname' | 'search'>) {
  if (location.pathname !== item.to && !location.pathname.startsWith(`${item.to}/`)) return false;
  if (item.to !== '/dashboard') return true;
  const teach = new URLSearchParams(location.search).get('view') === 'teach';
  return item.search ? teach : !teach;
}

const focusRing = 'focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

function navClass(active: boolean) {
  return cn(
    'flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sm transition-colors [&_svg]:size-4 [&_svg]:shrink-0',
    focusRing,
    active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  );
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { role } = useBusinessRole();
  const location = useLocation();
  const managerView = role === 'manager' || role === 'owner';
  return (
    <ul className="flex flex-col gap-1">
      {[...links, ...(managerView ? managerLinks : [])].map((item) => {
        const active = isCurrent(item, location);
        const Icon = item.icon;
        return (
          <li key={`${item.to}${item.search ?? ''}`}>
            <Link
              to={{ pathname: item.to, search: item.search ?? '' }}
              className={navClass(active)}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              <Icon aria-hidden="true" />
              <span className="whitespace-nowrap">{item.label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function WorkspaceName() {
  const me = useMe();
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-md border bg-background px-3 py-2">
      <Building2 aria-hidden="true" className="size-4 shrink-0 text-primary" />
      <div className="min-w-0">
        <p className="text-muted-foreground text-xs">Workspace</p>
        <p className="truncate font-medium text-sm" title={me.data?.workspace.name}>
          {me.data?.workspace.name ?? (me.isError ? 'Unavailable' : 'Loading...')}
        </p>
      </div>
    </div>
  );
}

function AccountBox() {
  const { user, signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className="flex flex-col gap-2 border-t pt-4">
      <p className="truncate text-muted-foreground text-sm" title={user?.email}>
        {user?.email}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void signOut();
        }}
      >
        <LogOut aria-hidden="true" />
        Sign Out
      </Button>
    </div>
  );
}

function HomeLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/get-started" className={cn('rounded-md', focusRing)} onClick={onNavigate}>
      <BrandLogo />
    </Link>
  );
}

/**
 * The navigation on phones: a Menu button opening a drawer with the same links, the workspace and the
 * account. It closes on a link, on Escape, on the backdrop and when the page changes.
 */
function PhoneMenu() {
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a page change.
  useEffect(() => setOpen(false), [pathname, search]);
  const close = () => setOpen(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="outline" size="sm" aria-label="Open menu">
          <Menu aria-hidden="true" />
          Menu
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/40 md:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-4 overflow-y-auto border-r bg-card p-4 shadow-lg focus-visible:outline-none md:hidden"
        >
          <div className="flex items-center justify-between gap-2">
            <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
            <HomeLink onNavigate={close} />
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <WorkspaceName />
          <nav aria-label="Main">
            <NavLinks onNavigate={close} />
          </nav>
          <div className="mt-auto">
            <AccountBox />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * The signed-in shell: one navigation. From md up a sidebar with the workspace, the links and the
 * account beside the page; on phones a top bar with the logo and a Menu button (a drawer).
 */
export function AppLayout() {
  return (
    <div className="min-h-svh bg-background md:grid md:grid-cols-[16rem_minmax(0,1fr)]">
      <header className="sticky top-0 z-40 flex items-center justify-between gap-3 border-b bg-card px-4 py-3 md:hidden">
        <HomeLink />
        <PhoneMenu />
      </header>
      <aside aria-label="Sidebar" className="hidden border-r bg-card md:sticky md:top-0 md:flex md:h-svh md:flex-col">
        <div className="px-5 py-4">
          <HomeLink />
        </div>
        <div className="px-5">
          <WorkspaceName />
        </div>
        <nav aria-label="Main" className="mt-4 flex-1 overflow-y-auto px-3 pb-3">
          <NavLinks />
        </nav>
        <div className="px-5 pb-5">
          <AccountBox />
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 focus:outline-none sm:px-8 md:py-8">
        <Outlet />
      </main>
    </div>
  );
}
