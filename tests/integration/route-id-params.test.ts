/** @jest-environment node */
// Issue 29, finding 14: /ajax/account/email/domains/99999999999999999999/check answered 500 (the
// id passed Number.isInteger and reached the database). Every /ajax and /api route file with a
// dynamic segment is called here, each exported method, with an id past every integer column
// (and past 2^53), one past PostgreSQL's int4, a negative one and a word, as a signed-in owner or with a key holding every
// scope: none may answer 500.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(600_000)

import fs from 'node:fs'
import path from 'node:path'
import { API_SCOPES } from '@/lib/api-keys/scopes'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { apiRequest, makeApiKey } from '../helpers/route-server'

const ROOT = path.resolve(__dirname, '../..')
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const BAD_IDS = ['99999999999999999999', '3000000000', '-1', 'abc']

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? routeFiles(p) : e.name === 'route.ts' ? [p] : []
  })
}

/** The route files with a dynamic segment other than a catch-all, as [url pattern, file]. */
const ROUTES = ['app/ajax', 'app/api']
  .flatMap((d) => routeFiles(path.join(ROOT, d)))
  .map((f) => path.relative(ROOT, f).split(path.sep).slice(1, -1))
  .filter(
    (segs) =>
      segs.some((s) => /^\[[a-zA-Z_]+\]$/.test(s)) && !segs.some((s) => s.startsWith('[[') || s.startsWith('[...')),
  )

let cookie: string
let key: string

beforeAll(async () => {
  const company = (await makeCompany('Id params')).id
  const owner = await makeUser({ companyId: company, role: 'owner' })
  cookie = await signIn(owner.id, company)
  key = await makeApiKey(company, [...API_SCOPES])
})

test(`every route with a dynamic segment (${ROUTES.length} files) answers a bad id without a 500`, async () => {
  expect(ROUTES.length).toBeGreaterThan(200)
  const failures: string[] = []
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {})
  for (const segs of ROUTES) {
    const mod = (await import(path.join(ROOT, 'app', ...segs, 'route.ts'))) as Record<string, unknown>
    const isApi = segs[0] === 'api'
    for (const method of METHODS) {
      const handler = mod[method] as ((req: Request, ctx: unknown) => Promise<Response>) | undefined
      if (typeof handler !== 'function') continue
      for (const bad of BAD_IDS) {
        const p: Record<string, string> = {}
        const url =
          '/' +
          segs
            .map((s) => {
              const m = /^\[([a-zA-Z_]+)\]$/.exec(s)
              if (!m) return s
              p[m[1]!] = bad
              return encodeURIComponent(bad)
            })
            .join('/')
        const body = method === 'GET' || method === 'DELETE' ? undefined : isApi ? { data: {} } : {}
        const req = isApi ? apiRequest(method, url, { key, body }) : ajaxRequest(url, { method, cookie, body })
        // The key's rate limits would answer most of these calls 429 before the id is read.
        if (isApi) await resetRateLimits()
        let status: number
        try {
          status = (await handler(req, params(p))).status
        } catch (e) {
          status = -1
          failures.push(`${method} ${url} threw ${(e as Error).message}`)
          continue
        }
        if (status >= 500) failures.push(`${method} ${url} → ${status}`)
      }
    }
  }
  const logged = errors.mock.calls.map((c) =>
    c
      .map((x) => (x instanceof Error ? x.message : typeof x === 'string' ? x : JSON.stringify(x)))
      .join(' ')
      .slice(0, 400),
  )
  errors.mockRestore()
  expect({ failures, logged: failures.length ? logged : [] }).toEqual({ failures: [], logged: [] })
})
