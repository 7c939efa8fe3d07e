// A job worker as its own process (`scripts/worker.mts`, what `npm run worker` runs), started as
// `node --import tsx` so its pid is the worker itself (CPU and RSS read from /proc are its own),
// resolved once it has said it is ready. Shared by bench/scaling.mts and bench/soak.mts.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { root } from './common.mjs'

export interface WorkerProcess {
  child: ChildProcess
  ready: Promise<void>
  log: string[]
}

/**
 * nice: the worker's scheduling niceness (0 = as the bench itself). An operator who runs the
 * workers beside the web process on the same cores starts them `nice`d, so the request path
 * gets the CPU first and the queue absorbs the difference.
 */
export function startWorkerProcess(url: string, n: number, env: Record<string, string> = {}, nice = 0): WorkerProcess {
  const log: string[] = []
  // nice(1) execs node, so the pid stays the worker's own and every thread it starts inherits
  // the niceness (setPriority after the spawn would miss the threads already started).
  const argv = [process.execPath, '--import', 'tsx', 'scripts/worker.mts']
  const [cmd, ...args] = nice ? ['nice', '-n', String(nice), ...argv] : argv
  const child = spawn(cmd!, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production', ...env },
  })
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      const text = String(d)
      log.push(text)
      if (text.includes('[worker] started')) resolve()
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (d) => log.push(String(d)))
    child.once('exit', (code) =>
      reject(new Error(`worker ${n} exited (${code}) before it was ready: ${log.join('').slice(-2000)}`)),
    )
    setTimeout(
      () => reject(new Error(`worker ${n} not ready within 120 s: ${log.join('').slice(-2000)}`)),
      120_000,
    ).unref()
  })
  ready.catch(() => {}) // observed by the caller; a worker killed on purpose must not crash the run
  return { child, ready, log }
}

export async function stopWorkers(workers: WorkerProcess[]): Promise<void> {
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.child.exitCode !== null || w.child.signalCode !== null) return resolve()
          const timer = setTimeout(() => w.child.kill('SIGKILL'), 10_000)
          w.child.once('exit', () => {
            clearTimeout(timer)
            resolve()
          })
          w.child.kill('SIGTERM')
        }),
    ),
  )
}

const TICK = 100 // USER_HZ on Linux

function statFields(pid: number | string): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

/** utime + stime of a process in seconds (Linux /proc); 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  const f = statFields(pid)
  return f ? (Number(f[11]) + Number(f[12])) / TICK : 0
}

export function ppidOf(pid: number): number {
  return Number(statFields(pid)?.[1] ?? 0)
}

/** CPU seconds of a process and its live children (the PostgreSQL postmaster and its backends). */
export function treeCpuSeconds(parent: number): number {
  let total = cpuSeconds(parent)
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    const f = statFields(d)
    if (f && Number(f[1]) === parent) total += (Number(f[11]) + Number(f[12])) / TICK
  }
  return total
}

/** Resident set size in MB (VmRSS), NaN once the process is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}
