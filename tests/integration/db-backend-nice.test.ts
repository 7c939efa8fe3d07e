/** @jest-environment node */
// DATABASE_BACKEND_NICE (lib/db/backend-nice.ts): a worker beside PostgreSQL on the same host
// gets its server processes niced like itself, so the web process's queries run first on shared
// cores (bench/soak.mts). PostgreSQL only (SQLite has no server process); needs this user to be
// allowed to renice the server's processes (root, as in CI and the benches), else it checks that
// the pool says so once and keeps working.
import fs from 'node:fs'
import os from 'node:os'
import pg from 'pg'
import { testEngine, useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { backendNice, niceBackendsOf } from '@/lib/db/backend-nice'

const it = testEngine() === 'postgres' ? test : test.skip
/** The niceness of a process, from /proc (field 19 of stat). */
const niceOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
}

afterEach(() => {
  delete process.env.DATABASE_BACKEND_NICE
})

test('only an integer from 1 to 19 is taken', () => {
  for (const [raw, want] of [
    [undefined, null],
    ['', null],
    ['0', null],
    ['abc', null],
    ['25', null],
    ['2.5', null],
    ['10', 10],
    ['19', 19],
  ] as const) {
    if (raw === undefined) delete process.env.DATABASE_BACKEND_NICE
    else process.env.DATABASE_BACKEND_NICE = raw
    expect(backendNice()).toBe(want)
  }
})

it('each new connection of the pool gets its server process reniced; unset, none is', async () => {
  const pids = async (nice: string | null) => {
    if (nice) process.env.DATABASE_BACKEND_NICE = nice
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 })
    niceBackendsOf(pool)
    const clients = [await pool.connect(), await pool.connect()]
    const out: number[] = []
    for (const c of clients) out.push((await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid)
    clients.forEach((c) => c.release())
    return { out, end: () => pool.end() }
  }
  const plain = await pids(null)
  const base = niceOf(plain.out[0]!)
  const niced = await pids('7')
  let allowed = true
  try {
    os.setPriority(plain.out[0]!, base) // the same value: only asks whether we may
  } catch {
    allowed = false
  }
  if (allowed) {
    expect(niced.out.map(niceOf)).toEqual([7, 7])
    expect(plain.out.map(niceOf)).toEqual([base, base])
  } else {
    expect(niced.out.map(niceOf)).toEqual([base, base])
  }
  await plain.end()
  await niced.end()
})
