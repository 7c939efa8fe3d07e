// A private PostgreSQL server a test can stop and start on the same data directory (the
// outage and restart tests): Debian's PostgreSQL 15 run as the postgres user, on a fixed port
// of the test's own. `available` is false where it is not installed or we are not root; the
// tests then skip.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const BIN = '/usr/lib/postgresql/15/bin'

export interface RestartablePostgres {
  available: boolean
  port: number
  /** initdb in a fresh folder, then start. */
  init(): void
  start(): void
  /** A fast shutdown: sessions terminated, open transactions rolled back. */
  stop(): void
  /** Stops (if running) and removes the folder. */
  destroy(): void
  createdb(name: string): void
}

export function restartablePostgres(port: number, tag: string): RestartablePostgres {
  const available = fs.existsSync(path.join(BIN, 'pg_ctl')) && process.getuid?.() === 0
  const dir = path.join(os.tmpdir(), `ma-pg-${tag}-${process.pid}`)
  const data = path.join(dir, 'data')
  const asPostgres = (cmd: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, cmd), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    })
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`,
      'start',
    ])
  const stop = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  return {
    available,
    port,
    init() {
      fs.rmSync(dir, { recursive: true, force: true })
      fs.mkdirSync(dir, { recursive: true })
      execFileSync('chown', ['postgres', dir])
      asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
      start()
    },
    start,
    stop,
    destroy() {
      try {
        stop()
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
    createdb(name: string) {
      asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name])
    },
  }
}
