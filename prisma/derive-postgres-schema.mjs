// prisma/schema.prisma is the one data model. Prisma generates a client per provider, so the
// PostgreSQL schema is derived from it here (provider swapped, client output moved, the
// Kysely type generator left out: its types come from the main schema and fit both engines).
//   node prisma/derive-postgres-schema.mjs          writes prisma/postgres/schema.prisma
//   node prisma/derive-postgres-schema.mjs --check  exits 1 when that file is not current
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SOURCE = path.join(root, 'prisma/schema.prisma')
export const TARGET = path.join(root, 'prisma/postgres/schema.prisma')

export function derivePostgresSchema(text) {
  let out = text
  const replace = (re, to, what) => {
    if (!re.test(out)) throw new Error(`prisma/schema.prisma: cannot find ${what} to derive the PostgreSQL schema`)
    out = out.replace(re, to)
  }
  replace(/(datasource\s+db\s*\{[^}]*provider\s*=\s*)"sqlite"/, '$1"postgresql"', 'datasource provider "sqlite"')
  replace(
    /(generator\s+client\s*\{[^}]*output\s*=\s*)"\.\.\/generated\/prisma"/,
    '$1"../../generated/prisma-pg"',
    'generator client output "../generated/prisma"',
  )
  out = out.replace(/\n(\/\/[^\n]*\n)*generator\s+kysely\s*\{[^}]*\}\n/, '')
  out = partitionedEvent(out)
  return (
    '// GENERATED from prisma/schema.prisma by prisma/derive-postgres-schema.mjs. Do not edit:\n' +
    '// change prisma/schema.prisma and run `npm run db:generate`.\n\n' +
    out
  )
}

// "Event" is partitioned by month on PostgreSQL (prisma/postgres/migrations/…_event_partitions):
// its key must hold the partition key "ts", the dedupe key lives in "EventKey" (kept by triggers,
// left out of the model), and "MessageEventIndex" loses its foreign key (replaced by a trigger), so
// the model says the same and a later `npm run db:migrate` has nothing to undo.
function partitionedEvent(text) {
  const model = (name) => new RegExp(`\\nmodel ${name} \\{\\n[\\s\\S]*?\\n\\}\\n`)
  const edit = (name, steps) => {
    const m = text.match(model(name))
    if (!m) throw new Error(`prisma/schema.prisma: cannot find model ${name} to derive the PostgreSQL schema`)
    let block = m[0]
    for (const [re, to, what] of steps) {
      if (!re.test(block)) throw new Error(`prisma/schema.prisma: cannot find ${what} in model ${name}`)
      block = block.replace(re, to)
    }
    text = text.replace(m[0], block)
  }
  edit('Event', [
    [/(\n\s+id\s+Int\s+)@id /, '$1', 'id Int @id'],
    [/\n\s+messageIndex\s+MessageEventIndex\?[^\n]*/, '', 'messageIndex MessageEventIndex?'],
    [
      /\n(\s+)@@unique\(\[companyId, profileId, metricId, uniqueId\]\)/,
      '\n$1@@id([id, ts])',
      '@@unique([companyId, profileId, metricId, uniqueId])',
    ],
  ])
  edit('MessageEventIndex', [[/\n\s+event\s+Event\s+@relation\([^\n]*/, '', 'event Event @relation']])
  return text
}

// "Event"."properties" is jsonb on PostgreSQL (migration …_event_properties_jsonb) but stays
// `String` in the schema the client is generated from: adapter-pg reads a jsonb column as its text
// and the server casts a string parameter to jsonb, so the app keeps one client type (the JSON
// text) on both engines. Only the migration engine (scripts/db.mjs) sees the column as it is, so a
// later migration has no type change to undo.
export function postgresMigrationDatamodel(text) {
  const re = /(\nmodel Event \{\n[\s\S]*?\n\s+properties\s+)String(\s+@default\("\{\}"\))/
  if (!re.test(text))
    throw new Error('prisma/postgres/schema.prisma: cannot find Event.properties String @default("{}")')
  return text.replace(re, '$1Json  $2')
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const want = derivePostgresSchema(fs.readFileSync(SOURCE, 'utf8'))
  const have = fs.existsSync(TARGET) ? fs.readFileSync(TARGET, 'utf8') : null
  if (process.argv.includes('--check')) {
    if (have !== want) {
      console.error(
        'prisma/postgres/schema.prisma is out of date: run `npm run db:generate` (node prisma/derive-postgres-schema.mjs).',
      )
      process.exit(1)
    }
  } else if (have !== want) {
    fs.mkdirSync(path.dirname(TARGET), { recursive: true })
    fs.writeFileSync(TARGET, want)
    console.log('Wrote prisma/postgres/schema.prisma')
  }
}
