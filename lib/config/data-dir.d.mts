export function dataDir(cwd?: string): string
export function dataPath(name: string, cwd?: string): string
