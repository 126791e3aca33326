import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/** The libraries of the framework chunk (see build.rolldownOptions below). */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
              test: (id) => FRAMEWORK.test(id) && !/infinite/i.test(id),
            },
          ],
        },
      },
    },
  },
});
