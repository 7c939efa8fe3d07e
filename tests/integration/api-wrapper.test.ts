/** @jest-environment node */
// The /api wrapper through real handlers: API keys and scopes, revision, content types,
// payload limits, JSON:API errors, rate limits and trailing slashes.
import fs from 'node:fs'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { api, makeApiKey, dispatch, apiRequest } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { revokeApiKey } from '@/lib/api-keys/revoke-api-key'
import { createApiKey } from '@/lib/api-keys/create-api-key'

const profileBody = (email: string) => ({ data: { type: 'profile', attributes: { email } } })

let companyId: number
let key: string

beforeAll(async () => {
  companyId = (await makeCompany()).id
  key = await makeApiKey(companyId)
})
beforeEach(() => resetRateLimits())

describe('authentication', () => {
  test('no Authorization header → 401 not_authenticated in the JSON:API error shape', async () => {
    const r = await api('GET', '/api/profiles')
    expect(r.status).toBe(401)
    expect(r.headers.get('content-type')).toBe('application/vnd.api+json')
    expect(r.json.errors).toHaveLength(1)
    expect(r.json.errors[0]).toEqual({
      id: expect.any(String),
      status: 401,
      code: 'not_authenticated',
      title: expect.any(String),
      detail: expect.any(String),
    })
  })

  test('a wrong scheme, an unknown key and a revoked key → 401', async () => {
    expect((await api('GET', '/api/profiles', { headers: { authorization: `Bearer ${key}` } })).status).toBe(401)
    expect((await api('GET', '/api/profiles', { key: 'pk_' + 'x'.repeat(32) })).status).toBe(401)
    const { key: doomed, record } = await createApiKey(companyId, { label: 'doomed', scopes: [] })
    expect((await api('GET', '/api/profiles', { key: doomed })).status).toBe(200)
    await revokeApiKey(companyId, record.id)
    const r = await api('GET', '/api/profiles', { key: doomed })
    expect(r.status).toBe(401)
    expect(r.json.errors[0].code).toBe('not_authenticated')
  })

  test('a key without the endpoint scope → 403 permission_denied; with it → allowed', async () => {
    const readOnly = await makeApiKey(companyId, ['profiles:read'])
    expect((await api('GET', '/api/profiles', { key: readOnly })).status).toBe(200)
    const r = await api('POST', '/api/profiles', { key: readOnly, body: profileBody('scope@example.com') })
    expect(r.status).toBe(403)
    expect(r.json.errors[0].code).toBe('permission_denied')
    expect(r.json.errors[0].detail).toContain('profiles:write')
    const eventsOnly = await makeApiKey(companyId, ['events:write'])
    expect((await api('GET', '/api/profiles', { key: eventsOnly })).status).toBe(403)
    // Endpoints needing several scopes need all of them.
    const listsOnly = await makeApiKey(companyId, ['lists:write'])
    const rel = await api('POST', '/api/lists/abc/relationships/profiles', {
      key: listsOnly,
      body: { data: [{ type: 'profile', id: 'x' }] },
    })
    expect(rel.status).toBe(403)
  })

  test('lastUsedAt is written on use (at most once a minute)', async () => {
    const { key: k, record } = await createApiKey(companyId, { label: 'touch', scopes: [] })
    expect(record.lastUsedAt).toBeNull()
    await api('GET', '/api/profiles', { key: k })
    const first = (await db.apiKey.findUnique({ where: { id: record.id } }))!.lastUsedAt
    expect(first).toBeInstanceOf(Date)
    await api('GET', '/api/profiles', { key: k })
    const second = (await db.apiKey.findUnique({ where: { id: record.id } }))!.lastUsedAt
    expect(second!.getTime()).toBe(first!.getTime())
  })

  test('the key is stored only as its hash, with a display prefix', async () => {
    const { key: k, record } = await createApiKey(companyId, { label: 'hash', scopes: ['events:write'] })
    expect(k).toMatch(/^pk_[0-9A-Za-z]{32}$/)
    expect(record.keyHash).not.toContain(k.slice(3))
    expect(record.keyHash).toMatch(/^[0-9a-f]{64}$/)
    expect(k.startsWith(record.prefix)).toBe(true)
  })
})

describe('revision header (issue 28 §3: answered as the vendor does)', () => {
  test('missing → 400 naming the revision header', async () => {
    const r = await api('GET', '/api/profiles', { key, headers: { revision: '' } })
    expect(r.status).toBe(400)
    expect(r.json.errors[0]).toMatchObject({ code: 'invalid', source: { parameter: 'revision' } })
    expect(r.json.errors[0].detail).toContain('revision header is required')
  })
  test('older revisions are accepted and served as the current one', async () => {
    for (const rev of ['2023-02-22', '2024-10-15', '2025-01-15.pre', '2026-07-15']) {
      const r = await api('GET', '/api/profiles', { key, headers: { revision: rev } })
      expect(r.status).toBe(200)
      expect(r.headers.get('revision')).toBe('2026-07-15')
    }
  })
  test('a malformed revision (abc, latest, 2026-02-30) → 400 naming the revision parameter', async () => {
    for (const rev of ['abc', 'latest', '2026-02-30', '2026-7-15']) {
      const r = await api('GET', '/api/profiles', { key, headers: { revision: rev } })
      expect(r.status).toBe(400)
      expect(r.json.errors[0].source).toEqual({ parameter: 'revision' })
    }
  })
  test('a revision newer than the one served → 400 that says which one is served', async () => {
    const r = await api('GET', '/api/profiles', { key, headers: { revision: '2027-01-15' } })
    expect(r.status).toBe(400)
    expect(r.json.errors[0].source).toEqual({ parameter: 'revision' })
    expect(r.json.errors[0].detail).toContain('newer than the one this server implements (2026-07-15)')
  })
  test('/client: a missing revision is the served one; a bad or future one is refused', async () => {
    const { publicApiKey } = await db.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { publicApiKey: true },
    })
    const body = { data: { type: 'profile', attributes: { email: 'rev-client@example.com' } } }
    const call = (revision: string) =>
      api('POST', `/client/profiles?company_id=${publicApiKey}`, { body, headers: { revision } })
    expect((await call('')).status).toBe(202)
    expect((await call('2027-01-15')).status).toBe(400)
    expect((await call('abc')).status).toBe(400)
  })
})

describe('request bodies', () => {
  test('application/json and application/vnd.api+json (with charset) are both accepted', async () => {
    const a = await api('POST', '/api/profiles', {
      key,
      body: profileBody('ct-a@example.com'),
      contentType: 'application/json',
    })
    expect(a.status).toBe(201)
    const b = await api('POST', '/api/profiles', {
      key,
      body: profileBody('ct-b@example.com'),
      contentType: 'application/vnd.api+json; charset=utf-8',
    })
    expect(b.status).toBe(201)
    expect(b.headers.get('content-type')).toBe('application/vnd.api+json')
  })

  test('another content type, or none → 415 as a JSON:API error', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const r = await api('POST', '/api/profiles', { key, body: profileBody('ct-c@example.com'), contentType })
      expect(r.status).toBe(415)
      expect(r.json.errors[0]).toMatchObject({ status: 415, code: 'unsupported_media_type' })
    }
  })

  test('malformed JSON → 400 parse_error', async () => {
    const r = await api('POST', '/api/profiles', { key, raw: '{"data":', contentType: 'application/json' })
    expect(r.status).toBe(400)
    expect(r.json.errors[0].code).toBe('parse_error')
  })

  test('zod failures → 400 with one error per issue and a JSON pointer each', async () => {
    const r = await api('POST', '/api/profiles', {
      key,
      body: { data: { type: 'person', attributes: { email: 42, first_name: [] } } },
    })
    expect(r.status).toBe(400)
    const pointers = r.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()
    expect(pointers).toEqual(['/data/attributes/email', '/data/attributes/first_name', '/data/type'])
    for (const e of r.json.errors)
      expect(e).toMatchObject({ status: 400, code: 'invalid', id: expect.any(String), title: expect.any(String) })
  })

  test('domain validation errors point at the attribute (email, phone, location)', async () => {
    const r = await api('POST', '/api/profiles', {
      key,
      body: {
        data: {
          type: 'profile',
          attributes: { email: 'not-an-email', phone_number: '555', location: { latitude: 'north' } },
        },
      },
    })
    expect(r.status).toBe(400)
    const pointers = r.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer)
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/data/attributes/email',
        '/data/attributes/phone_number',
        '/data/attributes/location/latitude',
      ]),
    )
  })

  test('an event payload over 5 MB → 413 (by Content-Length and by streamed size)', async () => {
    const big = JSON.stringify({
      data: { type: 'event', attributes: { properties: { blob: 'x'.repeat(5 * 1024 * 1024) } } },
    })
    const r = await api('POST', '/api/events', { key, raw: big })
    expect(r.status).toBe(413)
    expect(r.json.errors[0].status).toBe(413)
    // Without a Content-Length the stream is cut off at the limit.
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 6; i++) c.enqueue(new TextEncoder().encode('x'.repeat(1024 * 1024)))
        c.close()
      },
    })
    const req = new Request('http://localhost:3000/api/events', {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { authorization: `Klaviyo-API-Key ${key}`, 'content-type': 'application/json', revision: '2026-07-15' },
    } as RequestInit)
    expect((await dispatch(req)).status).toBe(413)
  })

  test('a profile payload over 100 KB → 413 (the reference limit for profiles)', async () => {
    const r = await api('POST', '/api/profiles', {
      key,
      body: {
        data: { type: 'profile', attributes: { email: 'big@example.com', properties: { a: 'x'.repeat(101 * 1024) } } },
      },
    })
    expect(r.status).toBe(413)
  })
})

describe('errors', () => {
  test('an unknown id → 404 not_found', async () => {
    const r = await api('GET', '/api/profiles/01HZZZZZZZZZZZZZZZZZZZZZZZ', { key })
    expect(r.status).toBe(404)
    expect(r.json.errors[0]).toMatchObject({ status: 404, code: 'not_found' })
  })

  test('an unexpected failure → 500 with an opaque id, nothing leaked', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {})
    const findMany = jest.spyOn(db.profile, 'findMany').mockRejectedValueOnce(new Error('SQLITE secret table detail'))
    try {
      const r = await api('GET', '/api/profiles', { key })
      expect(r.status).toBe(500)
      expect(r.json.errors[0]).toMatchObject({ status: 500, code: 'error', id: expect.any(String) })
      expect(r.text).not.toContain('secret')
    } finally {
      findMany.mockRestore()
      spy.mockRestore()
    }
  })

  test('an unsupported method on a route → 405 from the router', async () => {
    expect((await dispatch(apiRequest('DELETE', '/api/profiles', { key }))).status).toBe(405)
  })
})

describe('rate limits', () => {
  test('every answer carries RateLimit headers', async () => {
    const r = await api('GET', '/api/profiles', { key })
    expect(r.headers.get('RateLimit-Limit')).toBe('75, 75;w=1, 750;w=60')
    expect(Number(r.headers.get('RateLimit-Remaining'))).toBe(74)
    expect(r.headers.get('RateLimit-Reset')).toMatch(/^\d+$/)
    const bad = await api('POST', '/api/profiles', { key, body: { data: {} } })
    expect(bad.status).toBe(400)
    expect(bad.headers.get('RateLimit-Limit')).toBeTruthy()
  })

  test('the S tier (metric aggregates: 3/s) answers 429 with Retry-After in whole seconds', async () => {
    const body = {
      data: {
        type: 'metric-aggregate',
        attributes: {
          metric_id: 'nope',
          measurements: ['count'],
          filter: ['greater-or-equal(datetime,2026-01-01T00:00:00),less-than(datetime,2026-01-02T00:00:00)'],
        },
      },
    }
    const statuses: number[] = []
    let last: Awaited<ReturnType<typeof api>> | null = null
    // The four requests fall in one second whatever the machine's load (the window is Date.now()'s).
    const frozen = jest.spyOn(Date, 'now').mockReturnValue(Math.floor(Date.now() / 1000) * 1000 + 100)
    try {
      for (let i = 0; i < 4; i++) {
        last = await api('POST', '/api/metric-aggregates', { key, body })
        statuses.push(last.status)
      }
    } finally {
      frozen.mockRestore()
    }
    expect(statuses.slice(0, 3)).toEqual([404, 404, 404])
    expect(statuses[3]).toBe(429)
    expect(last!.json.errors[0]).toMatchObject({ status: 429, code: 'throttled' })
    expect(last!.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/)
    expect(last!.headers.get('RateLimit-Remaining')).toBe('0')
  })

  test('limits are per account', async () => {
    const other = await makeCompany()
    const otherKey = await makeApiKey(other.id)
    const body = {
      data: {
        type: 'metric-aggregate',
        attributes: {
          metric_id: 'nope',
          measurements: ['count'],
          filter: ['greater-or-equal(datetime,2026-01-01T00:00:00),less-than(datetime,2026-01-02T00:00:00)'],
        },
      },
    }
    // One frozen second, as above: on a loaded machine four real requests can straddle a window.
    const frozen = jest.spyOn(Date, 'now').mockReturnValue(Math.floor(Date.now() / 1000) * 1000 + 100)
    try {
      for (let i = 0; i < 3; i++) await api('POST', '/api/metric-aggregates', { key, body })
      expect((await api('POST', '/api/metric-aggregates', { key, body })).status).toBe(429)
      expect((await api('POST', '/api/metric-aggregates', { key: otherKey, body })).status).toBe(404)
    } finally {
      frozen.mockRestore()
    }
  })
})

describe('trailing slashes', () => {
  test('both /api/profiles and /api/profiles/ reach the handler, POST included', async () => {
    expect((await api('GET', '/api/profiles/', { key })).status).toBe(200)
    expect((await api('POST', '/api/profiles/', { key, body: profileBody('slash@example.com') })).status).toBe(201)
  })
  test('next.config.mjs turns the trailing-slash redirect off (a 308 would break SDK POSTs)', () => {
    expect(fs.readFileSync('next.config.mjs', 'utf8')).toMatch(/skipTrailingSlashRedirect:\s*true/)
  })
})
