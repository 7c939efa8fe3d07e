// DATABASE_URL → which engine and where. Plain JavaScript so the app (lib/db/client.ts) and
// the Node scripts (scripts/db.mjs, prepare-db.mjs, db-copy.mjs) read it the same way.
//   file:./data/app.db (the default, or $DATA_DIR/app.db)   SQLite, path relative to the project root
//   postgres://user:pass@host:5432/dbname     PostgreSQL 15 or later (postgresql:// too)
import path from 'node:path'
import { parse as parsePgUrl } from 'pg-connection-string'
import { dataPath } from '../config/data-dir.mjs'

export const DEFAULT_DATABASE_URL = 'file:./data/app.db'
const EXAMPLES = 'use file:./data/app.db (SQLite) or postgresql://user:password@host:5432/dbname (PostgreSQL 15+)'

export class DatabaseUrlError extends Error {
  constructor(message) {
    super(message)
    this.name = 'DatabaseUrlError'
  }
}

/** The URL with its password replaced by ***, for messages and logs. */
export function redactUrl(url) {
  return String(url).replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/i, '$1***@')
}

/**
 * { provider: 'sqlite', url: 'file:/abs/path', file } or { provider: 'postgresql', url }.
 * Throws DatabaseUrlError with a one-line explanation and fix when the URL is not usable.
 */
export function parseDatabaseUrl(raw = process.env.DATABASE_URL, cwd = process.cwd()) {
  const value = raw == null || String(raw).trim() === '' ? 'file:' + dataPath('app.db', cwd) : String(raw).trim()
  if (value.startsWith('file:')) {
    const file = value.slice('file:'.length).replace(/^\/\/(?=\/)/, '')
    if (!file || file.includes('?'))
      throw new DatabaseUrlError(`DATABASE_URL "${value}" names no SQLite file: ${EXAMPLES}.`)
    const abs = path.isAbsolute(file) ? file : path.resolve(/*turbopackIgnore: true*/ cwd, file)
    return { provider: 'sqlite', url: 'file:' + abs, file: abs }
  }
  if (/^postgres(ql)?:\/\//i.test(value)) {
    let u
    try {
      u = new URL(value)
    } catch {
      throw new DatabaseUrlError(
        `DATABASE_URL "${redactUrl(value)}" is not a valid URL (a password with @ : / # ? must be percent-encoded): ${EXAMPLES}.`,
      )
    }
    if (!u.hostname && !u.searchParams.get('host'))
      throw new DatabaseUrlError(`DATABASE_URL "${redactUrl(value)}" names no host: ${EXAMPLES}.`)
    if (u.port && !(Number(u.port) > 0 && Number(u.port) < 65536))
      throw new DatabaseUrlError(`DATABASE_URL "${redactUrl(value)}" has an invalid port: ${EXAMPLES}.`)
    return { provider: 'postgresql', url: value }
  }
  throw new DatabaseUrlError(`DATABASE_URL "${redactUrl(value)}" is not supported: ${EXAMPLES}.`)
}

/** One line for a PostgreSQL connection failure: what is wrong and what to do. */
export function describeConnectError(err, url) {
  const where = (() => {
    try {
      const u = new URL(url)
      return `${u.hostname || u.searchParams.get('host')}:${u.port || 5432}`
    } catch {
      return redactUrl(url)
    }
  })()
  const db = (() => {
    try {
      return decodeURIComponent(new URL(url).pathname.slice(1)) || '(default)'
    } catch {
      return '?'
    }
  })()
  const code = err?.code
  const msg = err?.message ?? String(err)
  if (code === 'ECONNREFUSED' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || /timeout/i.test(msg))
    return `Cannot reach PostgreSQL at ${where} (${code ?? msg}): start the server, or fix the host and port in DATABASE_URL.`
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `Cannot resolve the PostgreSQL host in DATABASE_URL (${where}): fix the host name.`
  if (code === '28P01' || code === '28000')
    return `PostgreSQL at ${where} refused the user or password in DATABASE_URL (${msg}): fix the credentials.`
  if (code === '3D000')
    return `PostgreSQL at ${where} has no database "${db}": create it (createdb ${db}) or fix the database name in DATABASE_URL.`
  if (code === '57P03') return `PostgreSQL at ${where} is starting up or shutting down: try again in a moment.`
  return `Cannot connect to PostgreSQL at ${where}: ${msg}. Check DATABASE_URL and that the server is running.`
}

/**
 * A `pg` Pool/Client config for a postgres:// URL: its parts (not a connectionString, which
 * would override `database` when Prisma opens a shadow database), every session in UTC (Prisma
 * stores DateTime as UTC in timestamp(3) columns; DEFAULT CURRENT_TIMESTAMP and now() must
 * agree), and `extra` (max, timeouts…).
 */
export function pgConfig(url, extra = {}) {
  const parsed = parsePgUrl(url)
  const config = {}
  for (const [k, v] of Object.entries(parsed)) if (v != null) config[k] = v
  if (config.port) config.port = Number(config.port)
  config.options = [config.options, '-c TimeZone=UTC'].filter(Boolean).join(' ')
  return { ...config, ...extra }
}
