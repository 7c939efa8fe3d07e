/** @jest-environment node */
// Issue 21 §4: every authenticated /api request leaves one ApiRequestLog row (key, method, path
// without credentials, status, latency, revision, the error body of a 4xx/5xx truncated to 4 KB),
// written in batches; a failing log write never fails the request; rows older than 7 days go.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { api, apiRequest, makeApiKey } from '../helpers/route-server'
import { apiRoute } from '@/lib/api/api-route'
import { ApiError } from '@/lib/api/api-error'
import { makeCompany } from '../helpers/factory'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { flushApiRequestLogs, recordApiRequest, setApiRequestLogWriter } from '@/lib/api-log/request-log-buffer'
import { pruneApiRequestLogs } from '@/lib/api-log/prune-request-logs'
import { MAX_ERROR_BODY } from '@/lib/api-log/log-api-request'
import { loggedPath } from '@/lib/api-log/logged-path'
import { newCredential, sha256 } from '@/lib/oauth/tokens'

let companyId: number
let key: string
let keyId: number

beforeAll(async () => {
  companyId = (await makeCompany()).id
  key = await makeApiKey(companyId)
  keyId = (await db.apiKey.findFirstOrThrow({ where: { companyId } })).id
})
beforeEach(async () => {
  resetRateLimits()
  await flushApiRequestLogs()
  await db.apiRequestLog.deleteMany({})
})
afterEach(() => setApiRequestLogWriter())

const eventBody = (email: string) => ({
  data: {
    type: 'event',
    attributes: {
      properties: {},
      metric: { data: { type: 'metric', attributes: { name: 'Viewed Product' } } },
      profile: { data: { type: 'profile', attributes: { email } } },
    },
  },
})

test('one row per request with the key, method, path, status, latency and revision', async () => {
  const ok = await api('GET', '/api/metrics?fields[metric]=name', { key })
  expect(ok.status).toBe(200)
  const posted = await api('POST', '/api/events', { key, body: eventBody('a@example.com') })
  expect(posted.status).toBe(202)
  await flushApiRequestLogs()
  const rows = await db.apiRequestLog.findMany({ where: { companyId }, orderBy: { id: 'asc' } })
  expect(rows).toHaveLength(2)
  expect(rows[0]).toMatchObject({
    apiKeyId: keyId,
    appId: null,
    method: 'GET',
    path: '/api/metrics?fields[metric]=name',
    status: 200,
    revision: '2026-07-15',
    errorBody: null,
  })
  expect(rows[1]).toMatchObject({ method: 'POST', path: '/api/events', status: 202, errorBody: null })
  expect(rows[0]!.latencyMs).toBeGreaterThanOrEqual(0)
})

test('the error body of a 4xx is kept; a credential in the query is not', async () => {
  const bad = await api('POST', '/api/events?api_key=pk_secret123&token=abc&page=2', {
    key,
    body: eventBody('not-an-email'),
  })
  expect(bad.status).toBe(400)
  await flushApiRequestLogs()
  const row = await db.apiRequestLog.findFirstOrThrow({ where: { companyId } })
  expect(row.status).toBe(400)
  expect(row.path).toBe('/api/events?api_key=[redacted]&token=[redacted]&page=2')
  expect(row.path).not.toContain('pk_secret123')
  expect(JSON.parse(row.errorBody!).errors[0].source.pointer).toBe('/data/attributes/profile/data/attributes/email')
})

test('a long error body is cut to 4 KB', async () => {
  // A handler behind the real wrapper whose error detail runs past 4 KB.
  const route = apiRoute({
    scopes: [],
    rate: 'XL',
    handler: () => {
      throw new ApiError(400, 'invalid', 'x'.repeat(6000))
    },
  })
  const res = await route(apiRequest('GET', '/api/anything', { key }))
  expect(res.status).toBe(400)
  expect((await res.text()).length).toBeGreaterThan(MAX_ERROR_BODY)
  await flushApiRequestLogs()
  const row = await db.apiRequestLog.findFirstOrThrow({ where: { companyId } })
  expect(row.errorBody!.length).toBeLessThanOrEqual(MAX_ERROR_BODY)
})

test("an OAuth app's bearer call is logged under the app", async () => {
  const appId = 'kca_devtoolslogtest'
  await db.oAuthApp.create({ data: { id: appId, companyId, name: 'Reviews app', scopes: '["metrics:read"]' } })
  const token = newCredential('kat')
  await db.oAuthToken.create({
    data: {
      id: 'tok-devtools',
      appId,
      companyId,
      familyId: 'fam-devtools',
      accessTokenHash: sha256(token),
      scopes: '["metrics:read"]',
      accessExpiresAt: new Date(Date.now() + 3600_000),
    },
  })
  const r = await api('GET', '/api/metrics', { headers: { authorization: `Bearer ${token}` } })
  expect(r.status).toBe(200)
  await flushApiRequestLogs()
  const row = await db.apiRequestLog.findFirstOrThrow({ where: { companyId } })
  expect(row).toMatchObject({ apiKeyId: null, appId, status: 200, path: '/api/metrics' })
  expect(row.path).not.toContain(token)
})

test('a 403 for a missing scope is logged like any 4xx, for a key and for an app token', async () => {
  // The scope check used to run inside the authentication the log observes, so the caller was
  // never learnt and these calls left no row.
  const narrowKey = await makeApiKey(companyId, ['metrics:read'])
  const narrowKeyId = (await db.apiKey.findFirstOrThrow({ where: { companyId, scopes: { contains: 'metrics:read' } } }))
    .id
  const byKey = await api('GET', '/api/profiles', { key: narrowKey })
  expect(byKey.status).toBe(403)

  const appId = 'kca_devtoolsscopetest'
  await db.oAuthApp.create({ data: { id: appId, companyId, name: 'Narrow app', scopes: '["metrics:read"]' } })
  const token = newCredential('kat')
  await db.oAuthToken.create({
    data: {
      id: 'tok-devtools-403',
      appId,
      companyId,
      familyId: 'fam-devtools-403',
      accessTokenHash: sha256(token),
      scopes: '["metrics:read"]',
      accessExpiresAt: new Date(Date.now() + 3600_000),
    },
  })
  const byApp = await api('GET', '/api/profiles', { headers: { authorization: `Bearer ${token}` } })
  expect(byApp.status).toBe(403)

  // An error answer is logged once its body has been read from a clone, a moment later.
  await new Promise((r) => setTimeout(r, 50))
  await flushApiRequestLogs()
  const rows = await db.apiRequestLog.findMany({ where: { companyId }, orderBy: { id: 'asc' } })
  expect(rows).toHaveLength(2)
  expect(rows[0]).toMatchObject({
    apiKeyId: narrowKeyId,
    appId: null,
    method: 'GET',
    path: '/api/profiles',
    status: 403,
  })
  expect(rows[1]).toMatchObject({ apiKeyId: null, appId, method: 'GET', path: '/api/profiles', status: 403 })
  expect(JSON.parse(rows[0]!.errorBody!).errors[0]).toMatchObject({ code: 'permission_denied' })
  expect(rows[0]!.errorBody).toContain('This API key is missing the required scopes: profiles:read')
  expect(rows[1]!.errorBody).toContain('This access token is missing the required scopes: profiles:read')
})

test('requests that name no valid key belong to no account and are not logged', async () => {
  expect((await api('GET', '/api/metrics', { key: 'pk_nope' })).status).toBe(401)
  await flushApiRequestLogs()
  expect(await db.apiRequestLog.count()).toBe(0)
})

test('a failing log write does not fail the request, and later writes still land', async () => {
  setApiRequestLogWriter(() => Promise.reject(new Error('disk full')))
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
  const r = await api('GET', '/api/metrics', { key })
  expect(r.status).toBe(200)
  await flushApiRequestLogs()
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('disk full'))
  warn.mockRestore()
  setApiRequestLogWriter()
  expect((await api('GET', '/api/metrics', { key })).status).toBe(200)
  await flushApiRequestLogs()
  expect(await db.apiRequestLog.count({ where: { companyId } })).toBe(1)
})

test('200 waiting rows are written at once, without waiting for the timer', async () => {
  const calls: number[] = []
  setApiRequestLogWriter(async (rows) => {
    calls.push(rows.length)
  })
  const row = {
    companyId,
    apiKeyId: keyId,
    appId: null,
    method: 'GET',
    path: '/api/metrics',
    status: 200,
    latencyMs: 1,
    revision: null,
    errorBody: null,
    createdAt: new Date(),
  }
  for (let i = 0; i < 199; i++) recordApiRequest(row)
  await new Promise((r) => setTimeout(r, 20))
  expect(calls).toEqual([])
  recordApiRequest(row)
  await new Promise((r) => setTimeout(r, 20))
  expect(calls).toEqual([200])
})

test('pruning removes rows older than 7 days only', async () => {
  const now = new Date('2026-11-20T12:00:00Z')
  const row = (daysAgo: number) => ({
    companyId,
    method: 'GET',
    path: '/api/metrics',
    status: 200,
    latencyMs: 3,
    createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
  })
  await db.apiRequestLog.createMany({ data: [row(0), row(6.9), row(7.1), row(30)] })
  expect(await pruneApiRequestLogs(now)).toBe(2)
  expect(await db.apiRequestLog.count({ where: { companyId } })).toBe(2)
})

test('loggedPath keeps ordinary parameters and hides credential-like ones', () => {
  expect(loggedPath('http://x/api/profiles?filter=equals(email,"a@b.c")&page[cursor]=abc')).toBe(
    '/api/profiles?filter=equals(email,"a@b.c")&page[cursor]=abc',
  )
  expect(loggedPath('http://x/api/x?client_secret=s&access_token=t&password=p')).toBe(
    '/api/x?client_secret=[redacted]&access_token=[redacted]&password=[redacted]',
  )
})
