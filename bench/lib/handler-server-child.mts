// The child of bench/lib/handler-server.mts: a plain node:http server that hands each request to
// the route handlers named in BENCH_HANDLERS (path=module pairs, modules relative to the
// repository root), with the job worker in the same process as `npm start` runs it
// (ENABLE_INPROCESS_WORKER=1: consumers, every job handler, startWorker()). GET /ajax/ping is
// answered here so the parent's readiness check works as with `next start`.
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

type Handler = (req: Request) => Promise<Response> | Response
const root = process.cwd()
const routes = new Map<string, Handler>()
for (const pair of (process.env.BENCH_HANDLERS ?? '').split(',').filter(Boolean)) {
  const [route, file] = pair.split('=') as [string, string]
  const mod = (await import(pathToFileURL(path.join(root, file)).href)) as { POST?: Handler }
  if (!mod.POST) throw new Error(`${file} has no POST handler`)
  routes.set(route, mod.POST)
}

const { registerConsumers } = await import('@/lib/server/consumers')
registerConsumers()
if (process.env.ENABLE_INPROCESS_WORKER === '1') {
  const { registerJobHandlers } = await import('@/lib/server/job-handlers')
  registerJobHandlers()
  const { startWorker } = await import('@/lib/jobs/worker')
  startWorker({ log: () => {} })
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`)
    if (req.method === 'GET' && url.pathname === '/ajax/ping') {
      res.writeHead(200).end('ok')
      return
    }
    const handler = req.method === 'POST' ? routes.get(url.pathname) : undefined
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    if (!handler) {
      res.writeHead(404).end()
      return
    }
    const headers = new Headers()
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
    const answer = await handler(new Request(url, { method: 'POST', headers, body: Buffer.concat(chunks) }))
    const body = Buffer.from(await answer.arrayBuffer())
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(body)
  } catch (e) {
    console.error(e)
    res.writeHead(500).end()
  }
})
server.keepAliveTimeout = 60_000
server.listen(Number(process.env.PORT), '127.0.0.1')
// The parent stops it with SIGTERM: exiting normally lets --cpu-prof (NODE_OPTIONS) write its profile.
process.on('SIGTERM', () => process.exit(0))
