// The one Prisma client per process, for SQLite (better-sqlite3 adapter) or PostgreSQL
// (adapter-pg, on the shared pool of lib/db/pg-pool.ts), by DATABASE_URL, cached on
// globalThis so dev reloads, tests and the server share one connection per process.
// Both generated clients come from the one data model (prisma/schema.prisma; the PostgreSQL
// schema is derived from it), so callers use the SQLite client's type for both.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '@/generated/prisma/client'
import { PrismaClient as PgPrismaClient } from '@/generated/prisma-pg/client'
import { parseDatabaseUrl, type ParsedDatabaseUrl } from '@/lib/db/database-url.mjs'
import { pgPool } from '@/lib/db/pg-pool'

export type DbEngine = ParsedDatabaseUrl['provider']

let parsed: { raw: string | undefined; value: ParsedDatabaseUrl } | undefined

/** DATABASE_URL parsed (file: paths made absolute); throws DatabaseUrlError when unusable. */
export function databaseConfig(): ParsedDatabaseUrl {
  const raw = process.env.DATABASE_URL
  if (parsed && parsed.raw === raw) return parsed.value
  const value = parseDatabaseUrl(raw, /*turbopackIgnore: true*/ process.cwd())
  parsed = { raw, value }
  return value
}

export function databaseUrl(): string {
  return databaseConfig().url
}

/** 'sqlite' or 'postgresql', from DATABASE_URL. */
export function dbEngine(): DbEngine {
  return databaseConfig().provider
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; prismaUrl?: string }

function create(): PrismaClient {
  const cfg = databaseConfig()
  if (cfg.provider === 'postgresql') {
    // Same API; the PostgreSQL client's types are those of the SQLite one (one data model).
    return new PgPrismaClient({ adapter: new PrismaPg(pgPool(cfg.url)) }) as unknown as PrismaClient
  }
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: cfg.url }) })
}

export function getDb(): PrismaClient {
  const url = databaseUrl()
  if (!globalForPrisma.prisma || globalForPrisma.prismaUrl !== url) {
    globalForPrisma.prisma = create()
    globalForPrisma.prismaUrl = url
  }
  return globalForPrisma.prisma
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = getDb() as unknown as Record<string | symbol, unknown>
    const value = client[prop]
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(client) : value
  },
})
