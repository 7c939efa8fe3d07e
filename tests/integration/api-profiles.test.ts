/** @jest-environment node */
// /api/profiles, /api/profiles/{id}, /api/profile-import: shapes, identity rules, filters,
// sorting, cursor pages (also a whole next URL as page[cursor]), fieldsets, tenancy.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { makeCompany } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { setConsent } from '@/lib/profiles/consent'

const create = (key: string, attributes: Record<string, unknown>) =>
  api('POST', '/api/profiles', { key, body: { data: { type: 'profile', attributes } } })

let key: string
let otherKey: string

beforeAll(async () => {
  key = await makeApiKey((await makeCompany()).id)
  otherKey = await makeApiKey((await makeCompany()).id)
})
beforeEach(() => resetRateLimits())

describe('POST /api/profiles', () => {
  test('201 with exactly the reference attributes and links', async () => {
    const r = await create(key, {
      email: 'Sarah.Mason@Example.com',
      phone_number: '+15005550006',
      external_id: 'ext-1',
      first_name: 'Sarah',
      last_name: 'Mason',
      organization: 'Acme',
      locale: 'en-US',
      title: 'Buyer',
      image: 'https://img.example/s.png',
      location: { city: 'Boston', country: 'US', latitude: '42.36', longitude: -71.06, zip: '02110' },
      properties: { plan: 'gold' },
    })
    expect(r.status).toBe(201)
    expect(r.headers.get('content-type')).toBe('application/vnd.api+json')
    const d = r.json.data
    expect(d.type).toBe('profile')
    expect(d.id).toMatch(/^[0-9A-Z]{26}$/)
    expect(Object.keys(d.attributes).sort()).toEqual([
      'anonymous_id',
      'created',
      'email',
      'external_id',
      'first_name',
      'image',
      'last_event_date',
      'last_name',
      'locale',
      'location',
      'organization',
      'phone_number',
      'properties',
      'title',
      'updated',
    ])
    expect(d.attributes).toMatchObject({
      email: 'sarah.mason@example.com',
      phone_number: '+15005550006',
      external_id: 'ext-1',
      first_name: 'Sarah',
      properties: { plan: 'gold' },
      location: {
        city: 'Boston',
        country: 'US',
        latitude: 42.36,
        longitude: -71.06,
        zip: '02110',
        address1: null,
        region: null,
        timezone: null,
        ip: null,
      },
      last_event_date: null,
    })
    expect(d.attributes.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/)
    expect(d.links.self).toBe(`http://localhost:3000/api/profiles/${d.id}/`)
    expect(r.json.links.self).toBe(d.links.self)
  })

  test('a duplicate identifier → 409 with meta.duplicate_profile_id', async () => {
    const first = await create(key, { email: 'dup@example.com' })
    const r = await create(key, { email: 'DUP@example.com', first_name: 'Again' })
    expect(r.status).toBe(409)
    expect(r.json.errors[0]).toMatchObject({
      status: 409,
      code: 'duplicate_profile',
      meta: { duplicate_profile_id: first.json.data.id },
    })
  })

  test('the same email in another account is not a duplicate', async () => {
    await create(key, { email: 'shared@example.com' })
    expect((await create(otherKey, { email: 'shared@example.com' })).status).toBe(201)
  })

  test('an unknown attribute is ignored, as the vendor does (issue 28 §3); bad email, > 400 properties → 400', async () => {
    const unknown = await create(key, { email: 'u@example.com', favourite_colour: 'red' })
    expect(unknown.status).toBe(201)
    expect(unknown.json.data.attributes).not.toHaveProperty('favourite_colour')
    const props: Record<string, number> = {}
    for (let i = 0; i < 401; i++) props[`p${i}`] = i
    const many = await create(key, { email: 'many@example.com', properties: props })
    expect(many.status).toBe(400)
    expect(many.json.errors[0].source.pointer).toBe('/data/attributes/properties')
    const missing = await api('POST', '/api/profiles', { key, body: { data: { type: 'profile' } } })
    expect(missing.status).toBe(400)
    expect(missing.json.errors[0].source.pointer).toBe('/data/attributes')
  })
})

describe('GET and PATCH /api/profiles/{id}', () => {
  test('read, update (null clears, patch_properties), and 404 across accounts', async () => {
    const id = (
      await create(key, {
        email: 'patch@example.com',
        first_name: 'Pat',
        title: 'Old',
        properties: { tags: ['a'], keep: 1, drop: 2 },
      })
    ).json.data.id
    const got = await api('GET', `/api/profiles/${id}`, { key })
    expect(got.status).toBe(200)
    expect(got.json.data.attributes.first_name).toBe('Pat')

    const r = await api('PATCH', `/api/profiles/${id}`, {
      key,
      body: {
        data: {
          type: 'profile',
          id,
          attributes: { last_name: 'Smith', title: null },
          meta: { patch_properties: { append: { tags: 'b' }, unset: 'drop' } },
        },
      },
    })
    expect(r.status).toBe(200)
    expect(r.json.data.attributes).toMatchObject({
      first_name: 'Pat',
      last_name: 'Smith',
      title: null,
      properties: { tags: ['a', 'b'], keep: 1 },
    })
    expect(r.json.data.attributes.properties.drop).toBeUndefined()

    expect((await api('GET', `/api/profiles/${id}`, { key: otherKey })).status).toBe(404)
    const cross = await api('PATCH', `/api/profiles/${id}`, {
      key: otherKey,
      body: { data: { type: 'profile', id, attributes: { first_name: 'Evil' } } },
    })
    expect(cross.status).toBe(404)
    expect((await api('GET', `/api/profiles/${id}`, { key })).json.data.attributes.first_name).toBe('Pat')

    const mismatch = await api('PATCH', `/api/profiles/${id}`, {
      key,
      body: { data: { type: 'profile', id: 'other', attributes: {} } },
    })
    expect(mismatch.status).toBe(409)
  })

  test('fields[profile] and additional-fields[profile]=subscriptions', async () => {
    const id = (
      await create(key, { email: 'subs@example.com', first_name: 'Sub', location: { city: 'Oslo', country: 'NO' } })
    ).json.data.id
    const sparse = await api('GET', `/api/profiles/${id}?fields[profile]=email,location.city`, { key })
    expect(sparse.json.data.attributes).toEqual({ email: 'subs@example.com', location: { city: 'Oslo' } })
    await setConsent(
      (await import('@/lib/api-keys/authenticate-api-key').then((m) => m.authenticateApiKey(key)))!.companyId,
      id,
      'email_marketing',
      'subscribed',
      { method: 'API' },
    )
    const subs = await api('GET', `/api/profiles/${id}?additional-fields[profile]=subscriptions`, { key })
    expect(subs.json.data.attributes.subscriptions.email.marketing).toMatchObject({
      consent: 'SUBSCRIBED',
      can_receive_email_marketing: true,
    })
    expect((await api('GET', `/api/profiles/${id}?fields[profile]=shoe_size`, { key })).json.errors[0].source).toEqual({
      parameter: 'fields[profile]',
    })
    expect((await api('GET', `/api/profiles/${id}?additional-fields[profile]=magic`, { key })).status).toBe(400)
  })
})

describe('POST /api/profile-import', () => {
  test('201 when created, 200 when updated; patch_properties append/unappend/unset', async () => {
    const body = (attributes: Record<string, unknown>, meta?: unknown) => ({
      data: { type: 'profile', attributes, ...(meta ? { meta } : {}) },
    })
    const a = await api('POST', '/api/profile-import', {
      key,
      body: body({ email: 'imp@example.com', properties: { tags: ['x', 'y'], gone: true } }),
    })
    expect(a.status).toBe(201)
    const b = await api('POST', '/api/profile-import', {
      key,
      body: body(
        { email: 'imp@example.com', first_name: 'Imp' },
        { patch_properties: { append: { tags: 'z' }, unappend: { tags: 'x' }, unset: ['gone'] } },
      ),
    })
    expect(b.status).toBe(200)
    expect(b.json.data.id).toBe(a.json.data.id)
    expect(b.json.data.attributes).toMatchObject({ first_name: 'Imp', properties: { tags: ['y', 'z'] } })
    expect(b.json.data.attributes.properties.gone).toBeUndefined()
  })

  test('an id of another account → 404; bad phone → 400 pointer', async () => {
    const theirs = (await create(otherKey, { email: 'theirs@example.com' })).json.data.id
    const r = await api('POST', '/api/profile-import', {
      key,
      body: { data: { type: 'profile', id: theirs, attributes: { first_name: 'X' } } },
    })
    expect(r.status).toBe(404)
    const bad = await api('POST', '/api/profile-import', {
      key,
      body: { data: { type: 'profile', attributes: { phone_number: '12' } } },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].source.pointer).toBe('/data/attributes/phone_number')
  })
})

describe('GET /api/profiles', () => {
  let pageKey: string
  const emails = ['p1@example.com', 'p2@example.com', 'p3@example.com', 'p4@example.com', 'p5@example.com']
  beforeAll(async () => {
    pageKey = await makeApiKey((await makeCompany()).id)
    for (const [i, email] of emails.entries())
      await create(pageKey, { email, external_id: `x${i + 1}`, phone_number: `+1500555000${i + 1}` })
    await create(pageKey, { phone_number: '+15005559999' }) // no email: sorts first by email ascending
  })

  async function all(path: string, viaWholeUrl = false) {
    const seen: string[] = []
    let url: string | null = path
    for (let i = 0; url && i < 20; i++) {
      const r: Awaited<ReturnType<typeof api>> = await api('GET', url, { key: pageKey })
      expect(r.status).toBe(200)
      seen.push(...r.json.data.map((p: { attributes: { email: string | null } }) => p.attributes.email))
      const next: string | null = r.json.links.next
      if (!next) break
      // The SDK over http sends the whole next URL back as page[cursor].
      url = viaWholeUrl
        ? `${path}${path.includes('?') ? '&' : '?'}page[cursor]=${encodeURIComponent(next)}`
        : next.replace('http://localhost:3000', '')
    }
    return seen
  }

  test('pages with links.next until the end, in id order by default', async () => {
    const seen = await all('/api/profiles?page[size]=2')
    expect(seen).toHaveLength(6)
    expect(new Set(seen).size).toBe(6)
  })

  test('a page[cursor] holding the whole next URL works', async () => {
    expect(await all('/api/profiles?page[size]=2&sort=email', true)).toEqual([null, ...emails])
  })

  test('sort by email, -email, created and -updated', async () => {
    expect(await all('/api/profiles?page[size]=4&sort=email')).toEqual([null, ...emails])
    expect(await all('/api/profiles?page[size]=4&sort=-email')).toEqual(
      [...emails].reverse().concat([null as unknown as string]),
    )
    expect(await all('/api/profiles?page[size]=3&sort=-updated')).toHaveLength(6)
    expect((await all('/api/profiles?page[size]=5&sort=created')).slice(0, 5)).toEqual(emails)
  })

  test('filters: equals, any, phone, external_id, created comparisons, and()', async () => {
    const q = async (filter: string) =>
      (await api('GET', `/api/profiles?filter=${encodeURIComponent(filter)}`, { key: pageKey })).json.data.map(
        (p: { attributes: { email: string } }) => p.attributes.email,
      )
    expect(await q('equals(email,"P2@example.com")')).toEqual(['p2@example.com'])
    expect((await q('any(email,["p1@example.com","p3@example.com"])')).sort()).toEqual([
      'p1@example.com',
      'p3@example.com',
    ])
    expect(await q("equals(phone_number,'+15005550004')")).toEqual(['p4@example.com'])
    expect(await q('any(external_id,["x5"])')).toEqual(['p5@example.com'])
    expect(await q('greater-than(created,2000-01-01T00:00:00Z)')).toHaveLength(6)
    expect(await q('less-than(created,2000-01-01T00:00:00Z)')).toHaveLength(0)
    expect(await q('and(greater-than(updated,2000-01-01T00:00:00Z),equals(email,"p5@example.com"))')).toEqual([
      'p5@example.com',
    ])
  })

  test('bad query parameters → 400 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['/api/profiles?page[size]=0', 'page[size]'],
      ['/api/profiles?page[size]=101', 'page[size]'],
      ['/api/profiles?sort=first_name', 'sort'],
      ['/api/profiles?filter=equals(first_name,"x")', 'filter'],
      ['/api/profiles?filter=greater-than(email,"x")', 'filter'],
      ['/api/profiles?filter=equals(email,', 'filter'],
      ['/api/profiles?page[cursor]=garbage!', 'page[cursor]'],
    ]
    for (const [path, parameter] of cases) {
      const r = await api('GET', path, { key: pageKey })
      expect([path, r.status]).toEqual([path, 400])
      expect(r.json.errors[0].source).toEqual({ parameter })
    }
  })

  test('cross-tenant: another account sees none of these profiles', async () => {
    const r = await api('GET', `/api/profiles?filter=${encodeURIComponent('equals(email,"p1@example.com")')}`, {
      key: otherKey,
    })
    expect(r.json.data).toEqual([])
  })
})
