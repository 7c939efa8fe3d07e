/** @jest-environment node */
// The settings calls for private API keys (seed 002 §7.11): list, create (the key once),
// delete (revoke), the scope catalogue; permissions and tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { api } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { GET as listKeys } from '@/app/ajax/account/api-keys/route'
import { POST as createKey } from '@/app/ajax/account/private-api-key/create/route'
import { POST as deleteKey } from '@/app/ajax/account/api-key/delete/route'
import { GET as scopes } from '@/app/ajax/account/api-key-scopes/route'

let owner: string
let analyst: string
let otherOwner: string
let companyId: number

beforeAll(async () => {
  const c = await makeCompany()
  companyId = c.id
  owner = await signIn((await makeUser({ companyId: c.id, role: 'owner' })).id, c.id)
  analyst = await signIn((await makeUser({ companyId: c.id, role: 'analyst' })).id, c.id)
  const other = await makeCompany()
  otherOwner = await signIn((await makeUser({ companyId: other.id, role: 'owner' })).id, other.id)
})
beforeEach(() => resetRateLimits())

async function create(cookie: string, body: unknown) {
  const res = await createKey(ajaxRequest('/ajax/account/private-api-key/create', { method: 'POST', cookie, body }))
  return { status: res.status, json: await res.json() }
}

test('create answers the pk_ key once; the list never shows it again', async () => {
  const r = await create(owner, { label: 'Store sync', scopes: ['events:write', 'profiles:read'] })
  expect(r.status).toBe(201)
  expect(r.json.key).toMatch(/^pk_[0-9A-Za-z]{32}$/)
  expect(r.json.apiKey).toMatchObject({
    label: 'Store sync',
    scopes: ['events:write', 'profiles:read'],
    lastUsedAt: null,
  })
  expect(r.json.key.startsWith(r.json.apiKey.prefix)).toBe(true)

  const list = await (await listKeys(ajaxRequest('/ajax/account/api-keys', { cookie: owner }))).json()
  const row = list.apiKeys.find((k: { id: number }) => k.id === r.json.apiKey.id)
  expect(row).toEqual({
    id: expect.any(Number),
    label: 'Store sync',
    prefix: r.json.apiKey.prefix,
    scopes: ['events:write', 'profiles:read'],
    createdAt: expect.any(String),
    lastUsedAt: null,
    createdBy: expect.objectContaining({ id: expect.any(Number) }),
  })
  expect(JSON.stringify(list)).not.toContain(r.json.key)

  // The key works on the public API within its scopes, and the list then shows lastUsedAt.
  expect((await api('GET', '/api/profiles', { key: r.json.key })).status).toBe(200)
  expect((await api('GET', '/api/metrics', { key: r.json.key })).status).toBe(403)
  const after = await (await listKeys(ajaxRequest('/ajax/account/api-keys', { cookie: owner }))).json()
  expect(after.apiKeys.find((k: { id: number }) => k.id === r.json.apiKey.id).lastUsedAt).toEqual(expect.any(String))
})

test('no scopes means full access', async () => {
  const r = await create(owner, { label: 'Everything' })
  expect(r.status).toBe(201)
  expect(r.json.apiKey.scopes).toEqual([])
  expect((await api('GET', '/api/metrics', { key: r.json.key })).status).toBe(200)
  expect((await api('GET', '/api/lists', { key: r.json.key })).status).toBe(200)
})

test('bad input → 400 with field errors', async () => {
  const noLabel = await create(owner, { label: '  ', scopes: [] })
  expect(noLabel.status).toBe(400)
  expect(noLabel.json.fieldErrors.label).toBeDefined()
  const badScope = await create(owner, { label: 'x', scopes: ['everything:write'] })
  expect(badScope.status).toBe(400)
  expect(Object.keys(badScope.json.fieldErrors)[0]).toMatch(/^scopes/)
})

test('delete revokes: the key stops working and leaves the list', async () => {
  const r = await create(owner, { label: 'Temporary' })
  expect((await api('GET', '/api/profiles', { key: r.json.key })).status).toBe(200)
  const del = await deleteKey(
    ajaxRequest('/ajax/account/api-key/delete', { method: 'POST', cookie: owner, body: { id: r.json.apiKey.id } }),
  )
  expect(del.status).toBe(200)
  expect((await api('GET', '/api/profiles', { key: r.json.key })).status).toBe(401)
  const list = await (await listKeys(ajaxRequest('/ajax/account/api-keys', { cookie: owner }))).json()
  expect(list.apiKeys.some((k: { id: number }) => k.id === r.json.apiKey.id)).toBe(false)
  expect((await db.apiKey.findUnique({ where: { id: r.json.apiKey.id } }))!.revokedAt).toBeInstanceOf(Date)
  // Deleting it again is a 404.
  const again = await deleteKey(
    ajaxRequest('/ajax/account/api-key/delete', { method: 'POST', cookie: owner, body: { id: r.json.apiKey.id } }),
  )
  expect(again.status).toBe(404)
})

test('the scope catalogue lists read and write per family', async () => {
  const res = await scopes(ajaxRequest('/ajax/account/api-key-scopes', { cookie: owner }))
  const json = await res.json()
  expect(json.families.map((f: { family: string }) => f.family)).toEqual([
    'accounts',
    'campaigns',
    'catalogs',
    'coupon-codes',
    'coupons',
    'custom-objects',
    'data-privacy',
    'events',
    'flows',
    'forms',
    'images',
    'lists',
    'metrics',
    'profiles',
    'push-tokens',
    'reviews',
    'segments',
    'subscriptions',
    'tags',
    'templates',
    'tracking-settings',
    'web-feeds',
    'webhooks',
  ])
  expect(json.families[0].scopes).toEqual(['accounts:read', 'accounts:write'])
})

test('permissions: api_keys_read / api_keys_write; signed out is 401', async () => {
  expect((await listKeys(ajaxRequest('/ajax/account/api-keys', { cookie: analyst }))).status).toBe(403)
  expect((await create(analyst, { label: 'nope' })).status).toBe(403)
  expect((await listKeys(ajaxRequest('/ajax/account/api-keys'))).status).toBe(401)
})

test('cross-tenant: company B neither sees nor revokes company A keys', async () => {
  const r = await create(owner, { label: 'Mine' })
  const theirs = await (await listKeys(ajaxRequest('/ajax/account/api-keys', { cookie: otherOwner }))).json()
  expect(theirs.apiKeys).toEqual([])
  const del = await deleteKey(
    ajaxRequest('/ajax/account/api-key/delete', { method: 'POST', cookie: otherOwner, body: { id: r.json.apiKey.id } }),
  )
  expect(del.status).toBe(404)
  expect((await api('GET', '/api/profiles', { key: r.json.key })).status).toBe(200)
  expect(await db.apiKey.count({ where: { companyId, revokedAt: null } })).toBeGreaterThan(0)
})
