import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';

export function usesLinguiMacros(code: string): boolean;
export function transformLinguiMacros(
  code: string,
  filename: string,
): Promise<{ code: string; map: unknown } | null>;
export function linguiMacrosVitePlugin(): VitePlugin;
export function linguiMacrosEsbuildPlugin(): EsbuildPlugin;
