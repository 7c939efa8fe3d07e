// TRACE, TRACK and CONNECT, answered here because Next.js cannot: it builds a fetch Request for
// every request, the fetch standard forbids these methods, and the failure is a plain 500
// before our proxy runs. The answer is the proxy's own 405 (lib/http/method-gate.mjs).
import fs from 'node:fs'
import path from 'node:path'
import { FORBIDDEN_METHODS, compileRoutes, methodNotAllowed } from '../lib/http/method-gate.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
// The served revision (lib/api/revision.ts; this file cannot import TypeScript).
const REVISION = '2026-07-15'
let routes = null

/** Answers a forbidden method with 405 and returns true; false for every other request. */
export function refuseForbiddenMethod(req, res) {
  if (!FORBIDDEN_METHODS.includes(String(req.method).toUpperCase())) return false
  routes ??= compileRoutes(JSON.parse(fs.readFileSync(path.join(root, 'lib/http/route-methods.json'), 'utf8')))
  const pathname = (() => {
    try {
      return new URL(req.url ?? '/', 'http://localhost').pathname
    } catch {
      return '/'
    }
  })()
  const denied = methodNotAllowed(routes, pathname, req.method, REVISION)
  res.writeHead(denied.status, {
    ...denied.headers,
    'x-content-type-options': 'nosniff',
    'content-length': Buffer.byteLength(denied.body),
  })
  res.end(denied.body)
  return true
}
