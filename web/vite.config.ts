import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API the dev server (and `vite preview`) forwards to; HELIXIS_API_ORIGIN points it at another port.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const API_ORIGIN = env.HELIXIS_API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases. The auth
        // library is left out of the groups: its client loads on first use (lib/auth-client.ts), while
        // the first screen keeps only the small error checks it needs.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'data', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    // Anchored patterns, so the app's own /auth and /auth-redirect pages are not forwarded.
    proxy: {
      '^/api/v1/realtime': { target: API_ORIGIN, ws: true },
      '^/api/': API_ORIGIN,
      '^/auth/v1/': API_ORIGIN,
      '^/functions/': API_ORIGIN,
      '^/healthz': API_ORIGIN,
    },
  },
});
