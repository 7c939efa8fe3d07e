/** @jest-environment node */
// The browser endpoints: POST /client/events, /client/profiles, /client/subscriptions with
// ?company_id=<public key>, CORS (preflight and answers), identifiers never changed.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { makeCompany } from '../helpers/factory'
import { api, dispatch, makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'

let company: Awaited<ReturnType<typeof makeCompany>>
let key: string

const clientPost = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api('POST', `${path}?company_id=${company.publicApiKey}`, {
    body,
    contentType: 'application/json',
    headers: { origin: 'https://shop.example', ...headers },
  })

const profileBody = (attributes: Record<string, unknown>) => ({ data: { type: 'profile', attributes } })

beforeAll(async () => {
  company = await makeCompany()
  key = await makeApiKey(company.id)
})
beforeEach(() => resetRateLimits())

test('OPTIONS preflight: 204 allowing the origin, POST, and the revision and content-type headers', async () => {
  for (const path of ['/client/events', '/client/profiles/', '/client/subscriptions']) {
    const res = await dispatch(
      new Request(`http://localhost:3000${path}?company_id=${company.publicApiKey}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,revision',
        },
      }),
    )
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example')
    expect(res.headers.get('access-control-allow-methods')).toContain('POST')
    expect(res.headers.get('access-control-allow-methods')).toContain('OPTIONS')
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase()
    expect(allowed).toContain('revision')
    expect(allowed).toContain('content-type')
  }
})

test('POST /client/events: 202, no body, CORS header, no Authorization needed', async () => {
  const r = await clientPost('/client/events', {
    data: {
      type: 'event',
      attributes: {
        properties: { url: 'https://shop.example/p/1' },
        metric: { data: { type: 'metric', attributes: { name: 'Viewed Product' } } },
        profile: { data: { type: 'profile', attributes: { anonymous_id: 'anon-123' } } },
      },
    },
  })
  expect(r.status).toBe(202)
  expect(r.text).toBe('')
  expect(r.headers.get('access-control-allow-origin')).toBe('*')
  await runJobsUntilIdle()
  const p = await db.profile.findFirst({ where: { companyId: company.id, anonymousId: 'anon-123' } })
  expect(p).not.toBeNull()
  expect(await db.event.count({ where: { companyId: company.id, profileId: p!.id } })).toBe(1)
})

test('POST /client/profiles: 202; changes to existing identifiers are ignored', async () => {
  const created = await api('POST', '/api/profiles', {
    key,
    body: profileBody({ email: 'known@example.com', phone_number: '+15005550001', first_name: 'Kim' }),
  })
  const id = created.json.data.id
  const r = await clientPost('/client/profiles/', {
    data: {
      type: 'profile',
      id,
      attributes: { email: 'known@example.com', phone_number: '+15005550999', first_name: 'Kimberly' },
    },
  })
  expect(r.status).toBe(202)
  expect(r.headers.get('access-control-allow-origin')).toBe('*')
  const p = await db.profile.findUnique({ where: { id } })
  expect(p!.phoneNumber).toBe('+15005550001')
  expect(p!.firstName).toBe('Kimberly')
})

test('POST /client/subscriptions: 202, the visitor is subscribed and joins the list', async () => {
  const listId = (
    await api('POST', '/api/lists', { key, body: { data: { type: 'list', attributes: { name: 'Footer form' } } } })
  ).json.data.id
  const r = await clientPost('/client/subscriptions', {
    data: {
      type: 'subscription',
      attributes: {
        custom_source: 'Footer',
        profile: {
          data: {
            type: 'profile',
            attributes: {
              email: 'footer@example.com',
              subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } },
            },
          },
        },
      },
      relationships: { list: { data: { type: 'list', id: listId } } },
    },
  })
  expect(r.status).toBe(202)
  const p = await db.profile.findFirst({ where: { companyId: company.id, email: 'footer@example.com' } })
  expect(await db.groupMembership.count({ where: { groupId: listId, profileId: p!.id, leftAt: null } })).toBe(1)
  // A list of another account is not found.
  const other = await makeCompany()
  const otherList = (
    await api('POST', '/api/lists', {
      key: await makeApiKey(other.id),
      body: { data: { type: 'list', attributes: { name: 'X' } } },
    })
  ).json.data.id
  const cross = await clientPost('/client/subscriptions', {
    data: {
      type: 'subscription',
      attributes: { profile: { data: { type: 'profile', attributes: { email: 'x@example.com' } } } },
      relationships: { list: { data: { type: 'list', id: otherList } } },
    },
  })
  expect(cross.status).toBe(404)
  expect(cross.headers.get('access-control-allow-origin')).toBe('*')
})

test("POST /client/subscriptions never changes an existing profile's identifiers", async () => {
  const created = await api('POST', '/api/profiles', {
    key,
    body: profileBody({ email: 'held@example.com', phone_number: '+15005550123', external_id: 'crm-1' }),
  })
  const id = created.json.data.id
  const listId = (
    await api('POST', '/api/lists', { key, body: { data: { type: 'list', attributes: { name: 'Popup' } } } })
  ).json.data.id
  const r = await clientPost('/client/subscriptions', {
    data: {
      type: 'subscription',
      attributes: {
        profile: {
          data: {
            type: 'profile',
            attributes: {
              email: 'held@example.com',
              phone_number: '+15005550999',
              external_id: 'crm-2',
              subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } },
            },
          },
        },
      },
      relationships: { list: { data: { type: 'list', id: listId } } },
    },
  })
  expect(r.status).toBe(202)
  const p = await db.profile.findUnique({ where: { id } })
  expect(p!.phoneNumber).toBe('+15005550123')
  expect(p!.externalId).toBe('crm-1')
})

test('unknown or missing company_id → 400 JSON:API error naming company_id (with CORS)', async () => {
  const unknown = await api('POST', '/client/profiles?company_id=NOPE00', {
    body: profileBody({ email: 'a@example.com' }),
  })
  expect(unknown.status).toBe(400)
  expect(unknown.json.errors[0]).toMatchObject({ status: 400, code: 'invalid', source: { parameter: 'company_id' } })
  expect(unknown.headers.get('access-control-allow-origin')).toBe('*')
  const missing = await api('POST', '/client/profiles', { body: profileBody({ email: 'a@example.com' }) })
  expect(missing.status).toBe(400)
})

test('bad bodies → 400 with pointers; CORS headers on errors', async () => {
  const r = await clientPost('/client/events', {
    data: {
      type: 'event',
      attributes: {
        properties: {},
        metric: { data: { type: 'metric', attributes: { name: 'X' } } },
        profile: { data: { type: 'profile', attributes: { email: 'bad' } } },
      },
    },
  })
  expect(r.status).toBe(400)
  expect(r.json.errors[0].source.pointer).toBe('/data/attributes/profile/data/attributes/email')
  expect(r.headers.get('access-control-allow-origin')).toBe('*')
  const ct = await api('POST', `/client/events?company_id=${company.publicApiKey}`, {
    raw: '{}',
    contentType: 'text/plain',
  })
  expect(ct.status).toBe(415)
})

test('rate limited per account on the XL tier', async () => {
  const r = await clientPost('/client/profiles', profileBody({ email: 'rl@example.com' }))
  expect(r.headers.get('RateLimit-Limit')).toBe('350, 350;w=1, 3500;w=60')
})
