import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is built into dist/ and served by the API process (server/kernel/plugins/console.ts).
// In development `npm run dev:console` proxies API calls to a running `npm run dev`.
const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  // Polyfills of what every supported browser has (src/shims): fewer bytes before sign-in.
  resolve: {
    alias: { 'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/v4', '/users', '/oauth', '/oidc', '/invitations', '/healthz'].map((p) => [
        p,
        { target: api, changeOrigin: true },
      ]),
    ),
  },
});
