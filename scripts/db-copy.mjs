// Copies every table of the current SQLite database to an empty, migrated PostgreSQL database:
//   npm run db:copy -- --to postgres://user:pass@host:5432/dbname [--batch 1000]
// The source is DATABASE_URL (default file:./data/app.db; --from file:… overrides). Run
// `DATABASE_URL=postgres://… npm run db:deploy` (without seeding) first. Rows go in batches
// of multi-row INSERTs, parents before children, in one transaction (all or nothing); the id
// sequences are moved past the copied ids afterwards. Values are converted the way Prisma
// stores them: 0/1 → boolean, ISO text → UTC timestamp.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import pg from 'pg'
import {
  parseDatabaseUrl,
  describeConnectError,
  DatabaseUrlError,
  pgConfig,
  redactUrl,
} from '../lib/db/database-url.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const fail = (msg, code = 1) => {
  console.error(msg)
  process.exit(code)
}
const arg = (name) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : undefined
}

const usage =
  'usage: npm run db:copy -- --to postgres://user:pass@host:5432/dbname [--from file:./data/app.db] [--batch 1000]'
let source, target
try {
  source = parseDatabaseUrl(arg('--from') ?? process.env.DATABASE_URL, root)
  const to = arg('--to')
  if (!to) fail(usage, 2)
  target = parseDatabaseUrl(to, root)
} catch (e) {
  if (e instanceof DatabaseUrlError) fail(e.message, 2)
  throw e
}
if (source.provider !== 'sqlite')
  fail(`The source must be SQLite (DATABASE_URL or --from file:…), not ${redactUrl(source.url)}.`, 2)
if (target.provider !== 'postgresql') fail(`--to must be a postgres:// URL. ${usage}`, 2)
const batchSize = Math.max(1, Number(arg('--batch') ?? 1000) || 1000)

const sqlite = new Database(source.file, { readonly: true, fileMustExist: true })
const client = new pg.Client(pgConfig(target.url))
try {
  await client.connect()
} catch (e) {
  fail(describeConnectError(e, target.url))
}
const q = (text, values) => client.query(text, values)
const ident = (s) => '"' + s.replace(/"/g, '""') + '"'

// The target's tables and columns (what its migrations made). Not the partitions of "Event" (rows
// go through the partitioned table), nor its dedupe key "EventKey", which its trigger fills as the
// events are copied (both PostgreSQL only).
const { rows: cols } = await q(`
  SELECT c.table_name AS t, c.column_name AS c, c.data_type AS type, c.column_default AS def
  FROM information_schema.columns c JOIN information_schema.tables tb USING (table_schema, table_name)
  WHERE c.table_schema = current_schema() AND tb.table_type = 'BASE TABLE'
    AND c.table_name NOT IN ('_prisma_migrations', 'EventKey')
    AND NOT EXISTS (SELECT 1 FROM pg_class pc JOIN pg_namespace pn ON pn.oid = pc.relnamespace
                    WHERE pn.nspname = c.table_schema AND pc.relname = c.table_name AND pc.relispartition)
  ORDER BY c.table_name, c.ordinal_position`)
if (!cols.length)
  fail(`${redactUrl(target.url)} has no tables: migrate it first (DATABASE_URL=postgres://… npm run db:deploy).`)
const tables = new Map()
for (const r of cols) {
  if (!tables.has(r.t)) tables.set(r.t, [])
  tables.get(r.t).push(r)
}

// Parents before children (foreign keys are checked row by row).
const { rows: fks } = await q(`
  SELECT cl.relname AS child, pr.relname AS parent FROM pg_constraint k
  JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class pr ON pr.oid = k.confrelid
  JOIN pg_namespace n ON n.oid = cl.relnamespace
  WHERE k.contype = 'f' AND n.nspname = current_schema() AND cl.relname <> pr.relname`)
const order = []
const visit = (t, seen = new Set()) => {
  if (order.includes(t) || seen.has(t)) return
  seen.add(t)
  for (const f of fks) if (f.child === t && tables.has(f.parent)) visit(f.parent, seen)
  order.push(t)
}
for (const t of [...tables.keys()].sort()) visit(t)

const sqliteTables = new Set(
  sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((r) => r.name),
)
const missing = order.filter((t) => !sqliteTables.has(t))
if (missing.length)
  fail(
    `The SQLite database has no table ${missing.join(', ')}: migrate it to the current schema first (npm run db:deploy).`,
  )

// The inbox search's FTS5 tables and their shadow tables exist on SQLite only (PostgreSQL searches
// ConversationMessage through a trigram index and keeps ConversationProfileSearch by trigger).
const SQLITE_ONLY = /^Conversation(Message|Profile)Search(_config|_content|_data|_docsize|_idx)?$/
const extra = [...sqliteTables].filter(
  (t) =>
    !tables.has(t) &&
    t !== 'sqlite_sequence' &&
    t !== '_prisma_migrations' &&
    !t.startsWith('sqlite_') &&
    !SQLITE_ONLY.test(t),
)
if (extra.length)
  fail(
    `${redactUrl(target.url)} has no table ${extra.join(', ')}: migrate it to the current schema first (DATABASE_URL=postgres://… npm run db:deploy).`,
  )

for (const t of order) {
  const n = (await q(`SELECT EXISTS (SELECT 1 FROM ${ident(t)}) AS any`)).rows[0].any
  if (n) fail(`${redactUrl(target.url)} is not empty (table ${t} has rows): copy into a new, migrated, empty database.`)
}

// "Event"."properties" is jsonb on PostgreSQL, as the migration converted it: text that is not
// JSON is kept as a string under "$invalid_properties", and the "\u0000" escapes jsonb refuses
// (an escape: a backslash after an even number of backslashes) are dropped, rather than failing
// the whole copy.
function jsonbText(v) {
  let s = String(v)
  try {
    JSON.parse(s)
  } catch {
    s = JSON.stringify({ $invalid_properties: s })
  }
  return s.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1')
}

function convert(type, v) {
  if (v == null) return null
  if (type === 'jsonb') return jsonbText(v)
  if (type === 'boolean') return v === 1 || v === '1' || v === true || v === 'true'
  if (type.startsWith('timestamp')) {
    const d = typeof v === 'number' ? new Date(v) : new Date(String(v))
    if (Number.isNaN(d.getTime())) throw new Error(`not a date: ${v}`)
    return d.toISOString()
  }
  if (type === 'date') return String(v).slice(0, 10)
  if (type === 'bytea') return Buffer.isBuffer(v) ? v : Buffer.from(String(v))
  return v
}

// Tables the target's triggers fill as the rows they derive from are copied (the hourly metric
// rollup, from Event; the list change rollup, from GroupMembershipChange — rebuilt whole below,
// since its trigger reads the list's type, which may be copied after the changes): copying them
// as well would count every event twice. The send rollup (SendDailyRollup, SendRollupDay) is left
// empty: its job refills it, and until then usage and the portfolio count sends live. The inbox
// search's profile text is written by the target's Conversation trigger as conversations are copied.
// Each profile's reach and the company's profile counts are kept by the target's triggers on
// Profile, Suppression, ProfileConsent and Company as those rows are copied.
const DERIVED = new Set([
  'MetricHourlyRollup',
  'ListChangeDailyRollup',
  'SendDailyRollup',
  'SendRollupDay',
  'ConversationProfileSearch',
  'ProfileReach',
  'CompanyProfileCount',
])

const counts = {}
const started = Date.now()
try {
  await q('BEGIN')
  for (const t of order) {
    if (DERIVED.has(t)) continue
    const columns = tables.get(t)
    const sqliteCols = new Set(
      sqlite
        .prepare(`SELECT name FROM pragma_table_info(?)`)
        .all(t)
        .map((r) => r.name),
    )
    const absent = columns.filter((c) => !sqliteCols.has(c.c)).map((c) => c.c)
    if (absent.length)
      throw new Error(`SQLite table ${t} has no column ${absent.join(', ')}: migrate it to the current schema first`)
    const names = columns.map((c) => c.c)
    const per = Math.max(1, Math.min(batchSize, Math.floor(60000 / names.length)))
    const head = `INSERT INTO ${ident(t)} (${names.map(ident).join(', ')}) VALUES `
    let batch = []
    let total = 0
    const flush = async () => {
      if (!batch.length) return
      const values = []
      const tuples = batch.map((row) => '(' + row.map((v) => (values.push(v), '$' + values.length)).join(', ') + ')')
      await q(head + tuples.join(', '), values)
      total += batch.length
      batch = []
    }
    const stmt = sqlite.prepare(`SELECT ${names.map(ident).join(', ')} FROM ${ident(t)}`).raw(true)
    for (const row of stmt.iterate()) {
      batch.push(
        row.map((v, i) => {
          try {
            return convert(columns[i].type, v)
          } catch (e) {
            throw new Error(`${t}.${names[i]}: ${e.message}`)
          }
        }),
      )
      if (batch.length >= per) await flush()
    }
    await flush()
    counts[t] = total
    // Sequences past the copied ids.
    for (const c of columns.filter((c) => /^nextval\(/.test(c.def ?? ''))) {
      await q(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX(${ident(c.c)}) FROM ${ident(t)}), 1), (SELECT MAX(${ident(c.c)}) FROM ${ident(t)}) IS NOT NULL)`,
        [ident(t), c.c],
      )
    }
  }
  if (tables.has('ListChangeDailyRollup')) {
    await q('DELETE FROM "ListChangeDailyRollup"')
    await q(`INSERT INTO "ListChangeDailyRollup" ("companyId", "groupId", "day", "kind", "count")
      SELECT min(c."companyId"), c."groupId", to_char(c."at", 'YYYY-MM-DD'), c."kind", count(*)
      FROM "GroupMembershipChange" c JOIN "Group" g ON g."id" = c."groupId" AND g."type" = 0
      GROUP BY 2, 3, 4`)
  }
  for (const t of order.filter((t) => DERIVED.has(t)))
    counts[t] = Number((await q(`SELECT COUNT(*) AS n FROM ${ident(t)}`)).rows[0].n)
  await q('COMMIT')
} catch (e) {
  await q('ROLLBACK').catch(() => {})
  fail(`Copy failed, nothing was written to PostgreSQL: ${e.message}`)
} finally {
  sqlite.close()
}
await client.end()
const rows = Object.values(counts).reduce((a, b) => a + b, 0)
for (const t of order) console.log(`${t.padEnd(24)} ${counts[t]}`)
console.log(
  `Copied ${rows} rows in ${order.length} tables to ${redactUrl(target.url)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
)
