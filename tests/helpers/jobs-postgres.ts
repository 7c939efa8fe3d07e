// A PostgreSQL database for the job-queue tests: TEST_DATABASE_URL when set (a fresh database is
// created on that server), else a throwaway embedded server in a child process
// (jobs-postgres-server.mjs). Resolves { url, stop } or { url: null, reason } so a test can say
// why it skipped. Same shape as tests/helpers/postgres-server.mjs' startPostgres(), to switch later.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'

export type TestPostgres = { url: string; stop: () => Promise<void> } | { url: null; reason: string }

export async function startJobsPostgres(): Promise<TestPostgres> {
  const external = process.env.TEST_DATABASE_URL
  if (external) {
    const name = `jobs_${process.pid}_${randomBytes(3).toString('hex')}`
    const admin = new pg.Client({ connectionString: external })
    try {
      await admin.connect()
      await admin.query(`create database ${name}`)
    } catch (e) {
      return { url: null, reason: `TEST_DATABASE_URL: ${(e as Error).message}` }
    } finally {
      await admin.end().catch(() => {})
    }
    const u = new URL(external)
    u.pathname = '/' + name
    return {
      url: u.toString(),
      stop: async () => {
        const c = new pg.Client({ connectionString: external })
        await c.connect()
        await c.query(`drop database if exists ${name} with (force)`).catch(() => {})
        await c.end()
      },
    }
  }
  const child = spawn(process.execPath, [path.resolve('tests/helpers/jobs-postgres-server.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const line = await new Promise<string>((resolve) => {
    let buf = ''
    const timer = setTimeout(
      () => resolve(JSON.stringify({ url: null, reason: 'the server did not start within 60 s' })),
      60_000,
    )
    child.stdout.on('data', (d: Buffer) => {
      buf += d.toString()
      const nl = buf.indexOf('\n')
      if (nl >= 0) {
        clearTimeout(timer)
        resolve(buf.slice(0, nl))
      }
    })
    child.on('exit', () => {
      clearTimeout(timer)
      resolve(JSON.stringify({ url: null, reason: 'the server process exited' }))
    })
  })
  const r = JSON.parse(line) as { url: string | null; reason?: string }
  if (!r.url) return { url: null, reason: r.reason ?? 'unknown' }
  return {
    url: r.url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.stdin.end()
      }),
  }
}
