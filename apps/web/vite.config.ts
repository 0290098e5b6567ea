import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    tsconfigPaths: true,
    // zod without its eval probe in the browser (app/lib/zod-browser.ts explains why).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./app/lib/zod-browser.ts', import.meta.url)) }],
  },
  // `npm run dev -w @shop/web` proxies the API to the shop server on port 3000.
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000' } },
});
