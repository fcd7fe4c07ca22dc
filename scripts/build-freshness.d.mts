export const STAMP_FILE: string;
export function inputsHash(root: string, workspace: string): string;
export function isBuildFresh(root: string, workspace: string, hash?: string): boolean;
export function ensureBuilt(root: string, workspace: string, build: () => void): boolean;
export function ensureBuiltAsync(root: string, workspace: string, build: () => Promise<void>): Promise<boolean>;
export function stampBuild(root: string, workspace: string, hash?: string): void;
