// Running a flow code action's JavaScript in a real sandbox: QuickJS compiled to WebAssembly
// (quickjs-emscripten-core with the release-sync wasm variant), in a worker thread of its own
// (lib/flows/sandbox/worker-source.ts). The code runs in its own QuickJS runtime inside the
// WebAssembly instance's linear memory, so it cannot reach anything of the host: no
// require/import, no fetch or sockets, no process, no file system, no timers, only
// ECMAScript's built-ins. What crosses the boundary is JSON text: the input (profile, event,
// flow) in, the result out.
//
// Limits:
// - time: QuickJS's interrupt handler stops the code after CODE_TIME_LIMIT_MS (an infinite
//   loop); a built-in that runs long without reaching the handler is stopped by the host, which
//   terminates the whole thread HARD_KILL_GRACE_MS later and starts a new one for the next run;
// - memory: the runtime's allocator refuses to grow past CODE_MEMORY_LIMIT_BYTES (a memory bomb
//   gets "out of memory" inside the VM), and the stack is capped;
// - output: the JSON result is capped at CODE_OUTPUT_LIMIT_BYTES.
// If the WebAssembly module cannot be loaded, nothing runs: the caller gets 'unavailable' and a
// clear message, never a fallback to the host's own JavaScript engine.
import { Worker } from 'node:worker_threads'
import { SANDBOX_WORKER_SOURCE } from './worker-source'

import {
  CODE_MEMORY_LIMIT_BYTES,
  CODE_OUTPUT_LIMIT_BYTES,
  CODE_SOURCE_LIMIT_BYTES,
  CODE_STACK_LIMIT_BYTES,
  CODE_TIME_LIMIT_MS,
} from './code-limits'

export {
  CODE_MEMORY_LIMIT_BYTES,
  CODE_OUTPUT_LIMIT_BYTES,
  CODE_RUNTIME,
  CODE_SOURCE_LIMIT_BYTES,
  CODE_STACK_LIMIT_BYTES,
  CODE_TIME_LIMIT_MS,
} from './code-limits'
/** How long past the time limit the host waits before it terminates the thread itself. */
const HARD_KILL_GRACE_MS = 250
/** The first run of a thread loads and compiles the WebAssembly module (about half a second). */
const LOAD_TIMEOUT_MS = 15_000

export const CODE_MESSAGES = {
  timeout: 'The code ran longer than 1 second.',
  memory: 'The code used more than 16 MB.',
  unavailable: 'The code sandbox (QuickJS compiled to WebAssembly) could not be loaded, so the code was not run.',
  output: 'The code returned more than 64 KB of JSON.',
  tooLarge: 'The code is larger than 64 KB.',
} as const

export type CodeRunResult =
  | { ok: true; output: unknown; durationMs: number }
  | { ok: false; kind: 'timeout' | 'memory' | 'error' | 'unavailable' | 'output'; error: string; durationMs: number }

interface WorkerAnswer {
  ok: boolean
  outputJson?: string
  error?: string
  interrupted?: boolean
  poisoned?: boolean
  durationMs?: number
}
interface Job {
  msg: Record<string, unknown>
  hardLimitMs: number
  resolve: (a: WorkerAnswer | { killed: true } | { unavailable: string }) => void
}

// One sandbox thread per process, running one code at a time (the code is synchronous inside
// it). Jobs wait in a queue per account and the accounts take turns (issue 29, finding 12: one
// shared queue let eight loops of one account hold another's run back 7.6 s): the next job is
// the first of the account served longest ago, so a newcomer waits for the run in progress
// only. A thread that had to be terminated is replaced on the next job.
let thread: { worker: Worker; ready: Promise<void>; dead: boolean } | null = null
const queues = new Map<number, Job[]>()
/** When each account was last served (a counter), kept after its queue empties so it cannot jump ahead by leaving and coming back. */
const lastServed = new Map<number, number>()
let served = 0
let busy = false
let seq = 0
let sourceForTests: string | null = null

/** Tests: start the next sandbox thread from this source (e.g. one whose module fails to load); null restores it. */
export function setSandboxWorkerSourceForTests(source: string | null): void {
  sourceForTests = source
  stopSandbox()
}

/** Stops the sandbox thread (tests, shutdown); the next run starts a new one. */
export function stopSandbox(): void {
  const t = thread
  thread = null
  if (t) {
    t.dead = true
    void t.worker.terminate()
  }
}

function startThread() {
  const worker = new Worker(sourceForTests ?? SANDBOX_WORKER_SOURCE, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: 64 },
  })
  worker.unref()
  const t = { worker, ready: Promise.resolve(), dead: false }
  t.ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The sandbox did not start in time.')), LOAD_TIMEOUT_MS)
    worker.once('message', (m: { type: string; error?: string }) => {
      clearTimeout(timer)
      if (m.type === 'ready') resolve()
      else reject(new Error(m.error ?? 'The sandbox could not load.'))
    })
    worker.once('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
  })
  t.ready.catch(() => {
    if (thread === t) stopSandbox()
  })
  worker.on('exit', () => {
    t.dead = true
    if (thread === t) thread = null
  })
  return t
}

/** The next job, round robin between the accounts with work waiting. */
function nextJob(): Job | undefined {
  let pick: number | undefined
  for (const a of queues.keys())
    if (pick === undefined || (lastServed.get(a) ?? 0) < (lastServed.get(pick) ?? 0)) pick = a
  if (pick === undefined) return undefined
  const jobs = queues.get(pick)!
  const job = jobs.shift()
  lastServed.set(pick, ++served)
  if (!jobs.length) queues.delete(pick)
  return job
}

async function pump(): Promise<void> {
  if (busy) return
  const job = nextJob()
  if (!job) return
  busy = true
  try {
    if (!thread || thread.dead) thread = startThread()
    const t = thread
    try {
      await t.ready
    } catch (e) {
      job.resolve({ unavailable: e instanceof Error ? e.message : String(e) })
      return
    }
    const id = ++seq
    const answer = await new Promise<WorkerAnswer | { killed: true }>((resolve) => {
      const timer = setTimeout(() => {
        t.worker.off('message', onMessage)
        if (thread === t) stopSandbox()
        resolve({ killed: true })
      }, job.hardLimitMs)
      const onMessage = (m: { type: string; id?: number; result?: WorkerAnswer }) => {
        if (m.type !== 'result' || m.id !== id) return
        clearTimeout(timer)
        t.worker.off('message', onMessage)
        resolve(m.result!)
      }
      t.worker.on('message', onMessage)
      t.worker.postMessage({ ...job.msg, id })
    })
    if ('poisoned' in answer && answer.poisoned && thread === t) stopSandbox()
    job.resolve(answer)
  } finally {
    busy = false
    void pump()
  }
}

function submit(msg: Record<string, unknown>, hardLimitMs: number, account = 0) {
  return new Promise<WorkerAnswer | { killed: true } | { unavailable: string }>((resolve) => {
    const jobs = queues.get(account) ?? []
    jobs.push({ msg, hardLimitMs, resolve })
    queues.set(account, jobs)
    void pump()
  })
}

function classify(message: string, interrupted: boolean): { kind: 'timeout' | 'memory' | 'error'; error: string } {
  if (interrupted || /interrupted/i.test(message)) return { kind: 'timeout', error: CODE_MESSAGES.timeout }
  if (/out of memory/i.test(message)) return { kind: 'memory', error: CODE_MESSAGES.memory }
  return { kind: 'error', error: message.slice(0, 1000) }
}

/**
 * Runs the source with the JSON input in the sandbox; never throws for anything the code does.
 * `account` (the company) picks the queue it waits in; callers apply the account's rate (code-rate.ts).
 */
export async function runSandboxedCode(
  source: string,
  input: unknown,
  opts: { timeLimitMs?: number; memoryLimitBytes?: number; account?: number } = {},
): Promise<CodeRunResult> {
  const started = Date.now()
  if (Buffer.byteLength(source, 'utf8') > CODE_SOURCE_LIMIT_BYTES)
    return { ok: false, kind: 'error', error: CODE_MESSAGES.tooLarge, durationMs: 0 }
  const timeLimitMs = opts.timeLimitMs ?? CODE_TIME_LIMIT_MS
  const answer = await submit(
    {
      source,
      inputJson: JSON.stringify(input ?? null),
      timeLimitMs,
      memoryLimitBytes: opts.memoryLimitBytes ?? CODE_MEMORY_LIMIT_BYTES,
      stackLimitBytes: CODE_STACK_LIMIT_BYTES,
    },
    timeLimitMs + HARD_KILL_GRACE_MS,
    opts.account,
  )
  if ('unavailable' in answer)
    return { ok: false, kind: 'unavailable', error: CODE_MESSAGES.unavailable, durationMs: 0 }
  if ('killed' in answer)
    return { ok: false, kind: 'timeout', error: CODE_MESSAGES.timeout, durationMs: Date.now() - started }
  const durationMs = answer.durationMs ?? Date.now() - started
  if (!answer.ok)
    return { ok: false, ...classify(answer.error ?? 'The code failed.', !!answer.interrupted), durationMs }
  const text = answer.outputJson ?? 'null'
  if (Buffer.byteLength(text, 'utf8') > CODE_OUTPUT_LIMIT_BYTES)
    return { ok: false, kind: 'output', error: CODE_MESSAGES.output, durationMs }
  return { ok: true, output: JSON.parse(text), durationMs }
}

/** Checks that the source compiles (nothing runs); null when it does, else why not. Throws when the sandbox cannot load. */
export async function checkCodeSyntax(source: string, account?: number): Promise<string | null> {
  if (Buffer.byteLength(source, 'utf8') > CODE_SOURCE_LIMIT_BYTES) return CODE_MESSAGES.tooLarge
  const answer = await submit(
    {
      source,
      compileOnly: true,
      timeLimitMs: 1000,
      memoryLimitBytes: CODE_MEMORY_LIMIT_BYTES,
      stackLimitBytes: CODE_STACK_LIMIT_BYTES,
    },
    2000,
    account,
  )
  if ('unavailable' in answer) throw new SandboxUnavailable()
  if ('killed' in answer) return 'The code could not be checked in time.'
  return answer.ok ? null : (answer.error ?? 'The code does not compile.')
}

export class SandboxUnavailable extends Error {
  constructor() {
    super(CODE_MESSAGES.unavailable)
    this.name = 'SandboxUnavailable'
  }
}
