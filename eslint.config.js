import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // One-way imports: the browser never reaches into the server, shared reaches into neither.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/server/**', '@punchclock/server*', 'drizzle-orm*', 'pg', 'node:*'] },
      ],
    },
  },
  {
    // Toasts go through lib/toast, which loads sonner on the first toast (#16: a lean first page).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/toast.ts', 'apps/web/src/components/toaster-host.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/apps/server/**', '@punchclock/server*', 'drizzle-orm*', 'pg', 'node:*'],
          paths: [{ name: 'sonner', message: "Import { toast } from '@/lib/toast'." }],
        },
      ],
    },
  },
);
