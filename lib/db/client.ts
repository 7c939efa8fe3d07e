// The one Prisma client, with the better-sqlite3 driver adapter, cached on globalThis so
// dev reloads, tests and the server share one connection per process.
import path from 'node:path'
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3'
import { PrismaClient } from '@/generated/prisma/client'

export function databaseUrl(): string {
  const raw = process.env.DATABASE_URL ?? 'file:./data/app.db'
  if (!raw.startsWith('file:')) return raw
  const file = raw.slice('file:'.length)
  return 'file:' + (path.isAbsolute(file) ? file : path.resolve(/*turbopackIgnore: true*/ process.cwd(), file))
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; prismaUrl?: string }

function create(): PrismaClient {
  const adapter = new PrismaBetterSqlite3({ url: databaseUrl() })
  return new PrismaClient({ adapter })
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
