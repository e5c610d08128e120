import {
  Building2,
  FileText,
  LayoutDashboard,
  ListChecks,
  LogOut,
  MessageSquare,
  Plug,
  Rocket,
  Settings,
  ShieldCheck,
  Workflow,
} from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { Button } from '../../components/ui/button';
import { useMe } from '../../features/workspaces/api/get-me';
import { useBusinessRole } from '../../features/workspaces/api/use-business-role';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/utils';

const links = [
  { to: '/get-started', label: 'Get started', icon: Rocket },
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/chat', label: 'Chat', icon: MessageSquare },
  { to: '/automations', label: 'Automations', icon: Workflow },
  { to: '/connect', label: 'Connect', icon: Plug },
  { to: '/settings', label: 'Settings', icon: Settings },
] as const;

/** Shown to managers and owners only; the pages check the role again, and so does the server. */
const managerLinks = [
  { to: '/documents', label: 'Documents', icon: FileText },
  { to: '/facts', label: 'Facts', icon: ListChecks },
  { to: '/admin', label: 'Admin', icon: ShieldCheck },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sm transition-colors focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4',
    isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
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

/** The signed-in shell: workspace, main links and the account, beside (or above, on phones) the page. */
export function AppLayout() {
  const { role } = useBusinessRole();
  const managerView = role === 'manager' || role === 'owner';
  return (
    <div className="min-h-svh bg-background md:grid md:grid-cols-[16rem_1fr]">
      <aside className="border-b bg-card md:sticky md:top-0 md:flex md:h-svh md:flex-col md:border-r md:border-b-0">
        <div className="px-4 py-4 md:px-5">
          <NavLink
            to="/get-started"
            className="rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <BrandLogo />
          </NavLink>
        </div>
        <div className="px-4 md:px-5">
          <WorkspaceName />
        </div>
        <nav aria-label="Main" className="mt-4 overflow-x-auto px-3 pb-3 md:flex-1 md:overflow-visible">
          <ul className="flex gap-1 md:flex-col">
            {[...links, ...(managerView ? managerLinks : [])].map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className={navClass}>
                  <Icon aria-hidden="true" />
                  <span className="whitespace-nowrap">{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden px-5 pb-5 md:block">
          <AccountBox />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <main id="main" className="flex-1 px-4 py-8 sm:px-8">
          <Outlet />
        </main>
        <div className="border-t px-4 py-4 md:hidden">
          <AccountBox />
        </div>
      </div>
    </div>
  );
}
