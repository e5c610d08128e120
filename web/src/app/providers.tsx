import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '../lib/api-error';
import { router } from './router';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not change on retry; network and server errors get two more tries. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

const queryClient = createQueryClient();

/**
 * Loaded after the first screen: a toast raised before it mounts is still shown (the library keeps
 * active toasts and hands them to a Toaster when it subscribes).
 */
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Phones (the app's menu breakpoint, 768 px): toasts at the bottom, where they cover no header button. */
const PHONE = '(max-width: 767px)';
function subscribePhone(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia(PHONE).matches;

export function AppProviders() {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster richColors closeButton position={phone ? 'bottom-center' : 'top-right'} />
      </Suspense>
    </QueryClientProvider>
  );
}
