import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { linguiMacrosVitePlugin } from '../../scripts/lingui-macros.mjs';
import { precompress } from './build/precompress.ts';

/** The libraries of the framework chunk (see build.rolldownOptions below). */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;
/**
 * The form parts every page shows, the sign-in page first: with the framework, not each in a
 * chunk of its own (a chunk's wrapper costs more than these few lines).
 */
const FORM_PARTS =
  /src[\\/]components[\\/]ui[\\/](button|field|field-error|label|input|card)\.tsx$/;

export default defineConfig({
  plugins: [
    // Lingui's macros first (decision 0036), then React's own transform.
    linguiMacrosVitePlugin(),
    react(),
    tailwindcss(),
    // Installable, and opens with no network (decision 0025): the service worker precaches the
    // built app and answers page loads with it; it never caches the API. A new version waits
    // until the person chooses "Reload" (registerType 'prompt', see lib/app-updates.ts).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'theme-init.js', 'apple-touch-icon.png'],
      manifest: {
        name: 'Punchclock',
        short_name: 'Punchclock',
        description: 'Punchclock — time and attendance',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#f8fafc',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // Every page of the single-page app is index.html; the API is never answered from here.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        // Reminders arrive as pushes; this small script shows them (decision 0029).
        importScripts: ['push-handler.js'],
        cleanupOutdatedCaches: true,
        // The first install takes charge of the open page, so it works offline without a reload;
        // later versions still wait for the person's "Reload" (no skipWaiting).
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    // `npm run dev` serves the UI here and the API on :3000.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page needs, the sign-in page included, in one file: one request, and
              // gzip/brotli compress the libraries better together than in many small chunks.
              // (Infinite queries stay with the pages that use them.)
              name: 'framework',
              test: (id) => (FRAMEWORK.test(id) && !/infinite/i.test(id)) || FORM_PARTS.test(id),
            },
          ],
        },
      },
    },
  },
});
