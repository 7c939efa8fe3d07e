// A production server (`next start`, with the in-process worker as `npm start` runs it) on a free
// loopback port over a scratch database, and closed-loop HTTP load against it: what the HTTP
// benchmarks (api-events, forms) share. Needs a build (.next/BUILD_ID).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { root, type Scratch } from './common.mjs'

export function requireBuild(script: string): void {
  if (fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return
  console.error(`${script} needs a production build and found none (.next/BUILD_ID is missing).`)
  console.error('Build first with `npx next build` (or `npm run build`), then run this benchmark again.')
  process.exit(1)
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

export interface NextServer {
  port: number
  /** One request on the keep-alive agent; resolves with the status code (onAnswer sees the headers). */
  request(
    method: string,
    pathName: string,
    body: string | null,
    headers: Record<string, string>,
    onAnswer?: (res: http.IncomingMessage) => void,
  ): Promise<number>
  waitUntilUp(): Promise<void>
  /** Stops the server and drops the scratch database. */
  stop(): Promise<void>
}

/**
 * `command` replaces `next start` with another server process of the same contract (listens on
 * PORT, answers GET /ajax/ping): bench/lib/handler-server-child.mts serves route handlers
 * without Next.js, for a figure when no current build exists.
 */
export async function startNextServer(
  scratch: Scratch,
  concurrency: number,
  env: Record<string, string> = {},
  command?: { cmd: string; args: string[] },
): Promise<NextServer> {
  const port = await freePort()
  const server: ChildProcess = spawn(
    command?.cmd ?? path.join(root, 'node_modules/.bin/next'),
    command?.args ?? ['start', '-p', String(port), '-H', '127.0.0.1'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        BENCH_ROUTES: '1',
        ENABLE_INPROCESS_WORKER: '1',
        DATABASE_URL: scratch.url,
        SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  )
  let serverErr = ''
  server.stderr?.on('data', (d) => {
    serverErr = (serverErr + d).slice(-4000)
  })
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency })

  const request: NextServer['request'] = (method, pathName, body, headers, onAnswer) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: pathName,
          agent,
          headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
        },
        (res) => {
          onAnswer?.(res)
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.setTimeout(30_000, () => req.destroy(new Error('request timed out')))
      if (body) req.write(body)
      req.end()
    })

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    agent.destroy()
    if (server.exitCode === null && server.pid) {
      const exited = new Promise((r) => server.once('exit', r))
      try {
        process.kill(-server.pid, 'SIGTERM')
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-server.pid!, 'SIGKILL')
        } catch {
          /* gone */
        }
      }, 5000)
      await exited
      clearTimeout(timer)
    }
    await scratch.drop()
  }
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.on(sig, () => {
      void stop().then(() => process.exit(130))
    })

  const waitUntilUp = async () => {
    const deadline = Date.now() + 90_000
    for (;;) {
      if (server.exitCode !== null) throw new Error(`next start exited (${server.exitCode}):\n${serverErr}`)
      try {
        if ((await request('GET', '/ajax/ping', null, {})) === 200) return
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error('the server did not answer /ajax/ping within 90 s')
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  return { port, request, waitUntilUp, stop }
}

export interface Phase {
  requests: number
  seconds: number
  latencies: number[]
  statuses: Map<number, number>
  errors: number
}

/** `concurrency` loops, each sending its next request when the last one answered, for `seconds`. */
export async function closedLoop(
  concurrency: number,
  seconds: number,
  send: (loop: number, n: number) => Promise<number>,
): Promise<Phase> {
  const statuses = new Map<number, number>()
  const latencies: number[] = []
  let errors = 0
  const endAt = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let n = 0; performance.now() < endAt; n++) {
        const t = performance.now()
        try {
          const status = await send(loop, n)
          latencies.push(performance.now() - t)
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
        } catch {
          errors++
        }
      }
    }),
  )
  return { requests: latencies.length, seconds: (performance.now() - started) / 1000, latencies, statuses, errors }
}

export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN

/** Prints one table row (req/s, p50, p99, statuses) and returns the figures. */
export function phaseRow(label: string, r: Phase) {
  const sorted = [...r.latencies].sort((a, b) => a - b)
  const rate = r.requests / r.seconds
  const statuses = [...r.statuses].map(([s, c]) => `${s}×${c}`).join(' ') + (r.errors ? ` errors×${r.errors}` : '')
  console.log(
    `  ${label.padEnd(36)} ${Math.round(rate).toLocaleString('en-US').padStart(8)}  ${pct(sorted, 50).toFixed(1).padStart(8)}  ${pct(sorted, 99).toFixed(1).padStart(8)}   ${statuses}`,
  )
  return { rate, p50: pct(sorted, 50), p99: pct(sorted, 99) }
}
