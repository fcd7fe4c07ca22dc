import type { Plugin } from 'vite';

export const MIN_BYTES: number;
export function precompressDir(dir: string): string[];
export function precompressPlugin(): Plugin;
