// The worker-kill tests' harness: a worker child process (tests/helpers/job-kill-worker.mts or
// another worker script) whose output is kept for the failure messages, killed with SIGKILL by
// the test at the worst moment; `stopAll` ends whatever a test left running.
import { spawn, type ChildProcess } from 'node:child_process'

export interface WorkerChild {
  child: ChildProcess
  output: () => string
  /** SIGKILL, resolved once the process has exited. */
  kill: () => Promise<void>
}

const running: ChildProcess[] = []

export function startWorkerChild(
  env: Record<string, string>,
  script = 'tests/helpers/job-kill-worker.mts',
): WorkerChild {
  // node --import tsx: the worker itself is the child (tsx's launcher would outlive a kill).
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ENABLE_INPROCESS_WORKER: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  return {
    child,
    output: () => out,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}

export function stopAll() {
  for (const c of running.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
}
