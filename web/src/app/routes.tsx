import { PROPERTY_PROVIDERS, PROPERTY_SYSTEM_SCREENS } from '@helixis/contract';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { RouteErrorScreen } from './error-boundary';
import { RootHydrateFallback, RootLayout } from './root-layout';

/** Lazily loads one named page component, so every page ships in its own chunk. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

/**
 * The signed-in guard with its options, loaded on first use: the guard and the app shell read the
 * workspace through the API client, which the public pages (the landing page first) do not need up front.
 */
function guard(options: { needsWorkspace?: boolean; requireRole?: 'manager' }): RouteObject['lazy'] {
  return async () => {
    const { RequireAuth } = await import('./guards/require-auth');
    return { element: <RequireAuth {...options} /> };
  };
}

/** /final-dashboard was a second dashboard; its address (and view query) now opens the one at /dashboard. */
function ToDashboard() {
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: '/dashboard', search, hash }} />;
}

/** Pages that need only a signed-in user. */
const signedInRoutes: RouteObject[] = [
  { path: '/get-started', lazy: page(() => import('../features/onboarding/pages/get-started-page'), 'GetStartedPage') },
  { path: '/welcome', lazy: page(() => import('../features/onboarding/pages/welcome-page'), 'WelcomePage') },
  { path: '/profile/basic', lazy: page(() => import('./pages/profile-page'), 'ProfilePage') },
  { path: '/onboarding', lazy: page(() => import('../features/onboarding/pages/onboarding-page'), 'OnboardingPage') },
  {
    path: '/onboarding/buildium',
    lazy: page(() => import('../features/onboarding/pages/property-step-page'), 'PropertyStepPage'),
  },
  {
    path: '/onboarding/ready',
    lazy: page(() => import('../features/onboarding/pages/onboarding-ready-page'), 'OnboardingReadyPage'),
  },
  { path: '/dashboard', lazy: page(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage') },
  { path: '/final-dashboard', element: <ToDashboard /> },
];

/** Pages that also need the workspace to be ready. */
const workspaceRoutes: RouteObject[] = [
  {
    path: '/onboarding/confirm',
    lazy: page(() => import('../features/onboarding/pages/onboarding-confirm-page'), 'OnboardingConfirmPage'),
  },
  {
    path: '/automations',
    lazy: page(() => import('../features/automations/pages/automations-page'), 'AutomationsPage'),
  },
  { path: '/connect', lazy: page(() => import('../features/connectors/pages/connect-page'), 'ConnectPage') },
  { path: '/settings', lazy: page(() => import('../features/settings/pages/settings-page'), 'SettingsPage') },
  // Every property system's settings and test panel (the spec's /settings/integrations/buildium among them).
  {
    path: '/settings/integrations/:provider',
    lazy: page(() => import('../features/integrations/pages/property-settings-page'), 'PropertySettingsPage'),
  },
  {
    path: '/settings/integrations/:provider/test',
    lazy: page(() => import('../features/integrations/pages/property-test-page'), 'PropertyTestPage'),
  },
  /** Redirects to the settings page of the catalogue's first system. */
  {
    path: '/settings/integrations',
    element: <Navigate replace to={`/settings/integrations/${PROPERTY_PROVIDERS[0]}`} />,
  },
  {
    path: '/assistants/new',
    lazy: page(() => import('../features/assistants/pages/create-assistant-page'), 'CreateAssistantPage'),
  },
  {
    path: '/create-assistant',
    lazy: page(() => import('../features/assistants/pages/create-assistant-page'), 'CreateAssistantPage'),
  },
  { path: '/chat', lazy: page(() => import('../features/chat/pages/chat-page'), 'ChatPage') },
  // Any member reads a cited document; renaming and the public switch show for managers only.
  { path: '/documents/:id', lazy: page(() => import('../features/knowledge/pages/document-page'), 'DocumentPage') },
  // The test pages check the role themselves, with their own texts (redirect with a toast; a notice).
  {
    path: '/test-assistant',
    lazy: page(() => import('../features/assistants/pages/test-assistant-page'), 'TestAssistantPage'),
  },
  {
    path: '/test-assistant-mode',
    lazy: page(() => import('../features/assistants/pages/test-assistant-mode-page'), 'TestAssistantModePage'),
  },
  { path: '/employee-chat', lazy: page(() => import('../features/chat/pages/employee-chat-page'), 'EmployeeChatPage') },
  {
    path: '/integrations/email',
    lazy: page(() => import('../features/integrations/pages/email-integrations-page'), 'EmailIntegrationsPage'),
  },
  // The spec's own test-panel addresses (/buildium-test), from the catalogue.
  ...PROPERTY_PROVIDERS.flatMap((provider): RouteObject[] => {
    const path = PROPERTY_SYSTEM_SCREENS[provider].testRoute;
    if (!path) return [];
    const lazy = async () => {
      const { PropertyTestPage } = await import('../features/integrations/pages/property-test-page');
      return { element: <PropertyTestPage provider={provider} /> };
    };
    return [{ path, lazy }];
  }),
  {
    path: '/oauth/:provider/start',
    lazy: page(() => import('../features/integrations/pages/oauth-start-page'), 'OAuthStartPage'),
  },
  {
    path: '/oauth/:provider/callback',
    lazy: page(() => import('../features/integrations/pages/oauth-callback-page'), 'OAuthCallbackPage'),
  },
  {
    path: '/diagnostics/oauth',
    lazy: page(() => import('../features/integrations/pages/oauth-diagnostics-page'), 'OAuthDiagnosticsPage'),
  },
];

/** Pages for managers and owners. */
const managerRoutes: RouteObject[] = [
  // Managers and owners manage documents.
  { path: '/documents', lazy: page(() => import('../features/knowledge/pages/documents-page'), 'DocumentsPage') },
  { path: '/admin', lazy: page(() => import('../features/admin/pages/admin-page'), 'AdminPage') },
  // The fact ledger: sources, scope, expiry, history and disagreements to settle (decision 035).
  { path: '/facts', lazy: page(() => import('../features/facts/pages/facts-page'), 'FactsPage') },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/', lazy: page(() => import('../features/landing/pages/landing-page'), 'LandingPage') },
      { path: '/signin', lazy: page(() => import('../features/auth/pages/sign-in-page'), 'SignInPage') },
      { path: '/auth', lazy: page(() => import('../features/auth/pages/sign-in-page'), 'SignInPage') },
      { path: '/signup', lazy: page(() => import('../features/auth/pages/sign-in-page'), 'SignUpPage') },
      {
        path: '/reset-password',
        lazy: page(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        path: '/auth-redirect',
        lazy: page(() => import('../features/auth/pages/auth-redirect-page'), 'AuthRedirectPage'),
      },
      { path: '/ai-consulting/*', element: <Navigate replace to="/dashboard" /> },
      { path: '/invite', lazy: page(() => import('../features/team/pages/invite-page'), 'InvitePage') },
      // A public document a website chat answer cited, opened from the widget's sources (decision 040).
      {
        path: '/p/:widget/documents/:id',
        lazy: page(() => import('../features/knowledge/pages/public-passage-page'), 'PublicPassagePage'),
      },
      {
        lazy: guard({}),
        children: [
          {
            lazy: page(() => import('./layouts/app-layout'), 'AppLayout'),
            children: [
              ...signedInRoutes,
              { lazy: guard({ needsWorkspace: true }), children: workspaceRoutes },
              { lazy: guard({ needsWorkspace: true, requireRole: 'manager' }), children: managerRoutes },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./not-found-page'), 'NotFoundPage') },
    ],
  },
];
