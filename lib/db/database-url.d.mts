export const DEFAULT_DATABASE_URL: string
export class DatabaseUrlError extends Error {}
export type ParsedDatabaseUrl =
  { provider: 'sqlite'; url: string; file: string } | { provider: 'postgresql'; url: string; file?: undefined }
export function redactUrl(url: string): string
export function parseDatabaseUrl(raw?: string, cwd?: string): ParsedDatabaseUrl
export function describeConnectError(err: unknown, url: string): string
export function pgConfig(url: string, extra?: Record<string, unknown>): import('pg').PoolConfig
