// The production HTTP server: Next's request handler behind our own http.Server, so the
// client address comes from the connection (or the proxies TRUST_PROXY names), never from a
// header the client wrote (scripts/client-address.mjs). `npm start` and the browser tests run
// this; it needs a build (`next build`). It listens on PORT (default 3000) on every interface,
// as `next start` does.
import http from 'node:http'
import path from 'node:path'
import { applyClientAddress, trustedHops, TrustProxyError } from './client-address.mjs'
import { answerOutagesWith503 } from './outage-status.mjs'
import { refuseForbiddenMethod } from './forbidden-methods.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.env.NODE_ENV = 'production'
process.env.NEXT_TELEMETRY_DISABLED = '1'
const port = Number(process.env.PORT || 3000)

let hops
try {
  hops = trustedHops()
} catch (e) {
  if (e instanceof TrustProxyError) {
    console.error(e.message)
    process.exit(1)
  }
  throw e
}

const { default: next } = await import('next')
const app = next({ dev: false, dir: root, hostname: 'localhost', port })
const handle = app.getRequestHandler()
await app.prepare()

const server = http.createServer((req, res) => {
  if (refuseForbiddenMethod(req, res)) return
  applyClientAddress(req, hops)
  answerOutagesWith503(res)
  handle(req, res).catch((error) => {
    console.error('Request failed', error)
    if (!res.headersSent) res.statusCode = 500
    res.end()
  })
})
server.listen(port, () => {
  console.log(`Ready on http://localhost:${port}${hops ? ` (trusting ${hops} proxy hop${hops === 1 ? '' : 's'})` : ''}`)
})
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close()
    app.close?.().finally(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  })
}
