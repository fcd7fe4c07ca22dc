export function buildServer(root: string): Promise<void>;
