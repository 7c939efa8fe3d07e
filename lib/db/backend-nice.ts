// DATABASE_BACKEND_NICE=N (a worker process beside PostgreSQL on the same machine): each server
// process (backend) serving this process's pool connections gets the scheduling niceness N, as
// `nice -n N` gives it to the worker itself. Nicing only the worker left the backends doing its
// batches at the web process's priority: on two shared cores their bursts were what the
// requests waited behind (the soak's accept p99). PostgreSQL has no per-session priority of its
// own, so this sets the operating system's (os.setPriority on the backend's pid): it works only
// when the server runs on this host and this user may renice its processes (root, or the
// server's own user); otherwise it says so once and leaves the connections as they are. A
// server on another machine needs nothing of this.
import os from 'node:os'
import type pg from 'pg'

let disabled = false

/** The niceness asked for, or null (unset, or not an integer 1–19). */
export function backendNice(): number | null {
  const raw = process.env.DATABASE_BACKEND_NICE
  if (!raw) return null
  const n = Number(raw)
  return Number.isInteger(n) && n >= 1 && n <= 19 ? n : null
}

async function renice(client: pg.ClientBase, nice: number): Promise<void> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
  const pid = rows[0]?.pid
  if (!pid || disabled) return
  try {
    os.setPriority(pid, nice)
  } catch (e) {
    // ESRCH: the server is not on this host; EPERM/EACCES: not ours to renice.
    disabled = true
    console.warn(`[db] DATABASE_BACKEND_NICE ignored: cannot renice server process ${pid} (${(e as Error).message})`)
  }
}

/** Renices each new connection's backend when DATABASE_BACKEND_NICE is set (see above). */
export function niceBackendsOf(pool: pg.Pool): void {
  const nice = backendNice()
  if (nice === null) return
  pool.on('connect', (client) => {
    if (disabled) return
    // Queued before the caller's first query on this connection; a failure only skips it.
    void renice(client, nice).catch(() => {})
  })
}
