/** @jest-environment node */
// Profiles: validation, identity resolution, conflicts, merge, patch_properties, client mode,
// tenancy. Real SQLite, real code paths.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { upsertProfile, DuplicateProfileError } from '@/lib/profiles/upsert-profile'
import { mergeProfiles } from '@/lib/profiles/merge-profiles'
import { getProfile } from '@/lib/profiles/get-profile'
import { ingestEvents } from '@/lib/events/ingest-events'
import { makeCompany } from '../helpers/factory'

let companyId: number
beforeEach(async () => {
  companyId = (await makeCompany()).id
})

async function fieldErrorsOf(p: Promise<unknown>) {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(AppError)
    expect((e as AppError).status).toBe(400)
    return (e as AppError).fieldErrors ?? {}
  }
  throw new Error('expected a 400')
}

describe('validation', () => {
  test.each([
    [{ email: 'not-an-email' }, 'email'],
    [{ phoneNumber: '5551234' }, 'phone_number'],
    [{ phoneNumber: '+0123456789' }, 'phone_number'],
    [{ location: { latitude: 'north' } }, 'location.latitude'],
    [{ location: { longitude: 200 } }, 'location.longitude'],
    [{ firstName: 'x'.repeat(100 * 1024 + 1) }, 'first_name'],
    [{ email: 'a@b.co', properties: { note: 'x'.repeat(100 * 1024 + 1) } }, 'properties.note'],
    [
      { email: 'a@b.co', properties: Object.fromEntries(Array.from({ length: 401 }, (_, i) => [`p${i}`, i])) },
      'properties',
    ],
  ])('%# refuses with a field error', async (input, field) => {
    const errors = await fieldErrorsOf(upsertProfile(companyId, input as never, { mode: 'import' }))
    expect(Object.keys(errors)).toContain(field)
  })

  test('limits are inclusive: 400 properties and 100 KB strings are fine; numeric strings become coordinates', async () => {
    const { profile } = await upsertProfile(
      companyId,
      {
        email: ' Big@Example.COM ',
        phoneNumber: '+15005550006',
        firstName: 'x'.repeat(100 * 1024),
        location: { latitude: '52.37', longitude: 4.89 },
        properties: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`p${i}`, i])),
      },
      { mode: 'import' },
    )
    expect(profile.email).toBe('big@example.com')
    expect(profile.latitude).toBeCloseTo(52.37)
    expect(Object.keys(JSON.parse(profile.properties))).toHaveLength(400)
    expect(profile.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/)
    expect(profile.createdAt).toBeInstanceOf(Date)
  })
})

describe('identity resolution', () => {
  test.each(['email', 'phoneNumber', 'externalId', 'anonymousId'] as const)(
    'finds the profile by %s',
    async (field) => {
      const values = {
        email: 'find@example.com',
        phoneNumber: '+15005550001',
        externalId: 'ext-1',
        anonymousId: 'anon-1',
      }
      const first = await upsertProfile(companyId, { [field]: values[field] }, { mode: 'import' })
      expect(first.created).toBe(true)
      const again = await upsertProfile(companyId, { [field]: values[field], firstName: 'Ada' }, { mode: 'import' })
      expect(again.created).toBe(false)
      expect(again.profile.id).toBe(first.profile.id)
      expect(again.profile.firstName).toBe('Ada')
    },
  )

  test('by id first; a missing id is a 404', async () => {
    const a = await upsertProfile(companyId, { email: 'a@example.com' }, { mode: 'import' })
    const r = await upsertProfile(companyId, { firstName: 'Byid' }, { mode: 'import', id: a.profile.id })
    expect(r.profile.id).toBe(a.profile.id)
    await expect(
      upsertProfile(companyId, { firstName: 'X' }, { mode: 'update', id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }),
    ).rejects.toMatchObject({ status: 404 })
  })

  test("two identifiers pointing at two known profiles: the email match wins and the other's phone is not stolen", async () => {
    const byEmail = await upsertProfile(companyId, { email: 'e@example.com' }, { mode: 'import' })
    const byPhone = await upsertProfile(
      companyId,
      { phoneNumber: '+15005550002', externalId: 'x2' },
      { mode: 'import' },
    )
    const r = await upsertProfile(
      companyId,
      { email: 'e@example.com', phoneNumber: '+15005550002', firstName: 'Eve' },
      { mode: 'import' },
    )
    expect(r.profile.id).toBe(byEmail.profile.id)
    expect(r.profile.phoneNumber).toBeNull()
    expect(r.profile.firstName).toBe('Eve')
    expect((await getProfile(companyId, byPhone.profile.id))!.phoneNumber).toBe('+15005550002')
  })

  test("'create' with an existing identifier is a 409 naming the duplicate", async () => {
    const a = await upsertProfile(companyId, { email: 'dup@example.com' }, { mode: 'create' })
    expect(a.created).toBe(true)
    const err = await upsertProfile(
      companyId,
      { email: 'dup@example.com', firstName: 'Again' },
      { mode: 'create' },
    ).catch((e) => e)
    expect(err).toBeInstanceOf(DuplicateProfileError)
    expect(err.status).toBe(409)
    expect(err.code).toBe('duplicate_profile')
    expect(err.duplicateProfileId).toBe(a.profile.id)
  })

  test("'update' that would take another profile's email is a 409", async () => {
    const a = await upsertProfile(companyId, { email: 'one@example.com' }, { mode: 'import' })
    const b = await upsertProfile(companyId, { email: 'two@example.com' }, { mode: 'import' })
    const err = await upsertProfile(
      companyId,
      { email: 'one@example.com' },
      { mode: 'update', id: b.profile.id },
    ).catch((e) => e)
    expect(err).toBeInstanceOf(DuplicateProfileError)
    expect(err.duplicateProfileId).toBe(a.profile.id)
  })

  test('null unsets a field; undefined leaves it', async () => {
    const a = await upsertProfile(
      companyId,
      { email: 'n@example.com', firstName: 'N', lastName: 'L', location: { city: 'Porto' } },
      { mode: 'import' },
    )
    const r = await upsertProfile(
      companyId,
      { email: 'n@example.com', firstName: null, location: null },
      { mode: 'import' },
    )
    expect(r.profile.id).toBe(a.profile.id)
    expect(r.profile.firstName).toBeNull()
    expect(r.profile.lastName).toBe('L')
    expect(r.profile.city).toBeNull()
    expect(r.profile.updatedAt.getTime()).toBeGreaterThanOrEqual(a.profile.updatedAt.getTime())
  })

  test('the same email in two companies is two profiles', async () => {
    const other = (await makeCompany()).id
    const a = await upsertProfile(companyId, { email: 'shared@example.com' }, { mode: 'import' })
    const b = await upsertProfile(other, { email: 'shared@example.com' }, { mode: 'import' })
    expect(a.created && b.created).toBe(true)
    expect(a.profile.id).not.toBe(b.profile.id)
    expect(await getProfile(other, a.profile.id)).toBeNull()
    await expect(
      upsertProfile(other, { firstName: 'Hijack' }, { mode: 'update', id: a.profile.id }),
    ).rejects.toMatchObject({ status: 404 })
    await expect(mergeProfiles(other, a.profile.id, b.profile.id)).rejects.toMatchObject({ status: 404 })
  })
})

describe('blank identifiers', () => {
  test("'' is absent when finding or creating, clears the field when updating, and is never stored", async () => {
    const a = await upsertProfile(
      companyId,
      { email: 'b1@example.com', externalId: '', anonymousId: '', phoneNumber: '' },
      { mode: 'import' },
    )
    const b = await upsertProfile(
      companyId,
      { email: 'b2@example.com', externalId: '', anonymousId: '' },
      { mode: 'create' },
    )
    expect(b.profile.id).not.toBe(a.profile.id)
    for (const p of [a.profile, b.profile])
      expect([p.externalId, p.anonymousId, p.phoneNumber]).toEqual([null, null, null])
    // '' never finds anything, and never replaces a value in import or client mode.
    const c = await upsertProfile(
      companyId,
      { externalId: 'ext-c', anonymousId: 'anon-c', phoneNumber: '+15005550009' },
      { mode: 'import' },
    )
    const same = await upsertProfile(
      companyId,
      { externalId: 'ext-c', email: '', anonymousId: '', firstName: 'Cy' },
      { mode: 'import' },
    )
    expect(same.profile).toMatchObject({ id: c.profile.id, email: null, anonymousId: 'anon-c', firstName: 'Cy' })
    const cl = await upsertProfile(companyId, { externalId: 'ext-c', phoneNumber: '' }, { mode: 'client' })
    expect(cl.profile.phoneNumber).toBe('+15005550009')
    // PATCH sets exactly what it is given: '' clears.
    const u = await upsertProfile(
      companyId,
      { externalId: '', anonymousId: '', phoneNumber: ' ' },
      { mode: 'update', id: c.profile.id },
    )
    expect([u.profile.externalId, u.profile.anonymousId, u.profile.phoneNumber]).toEqual([null, null, null])
    expect(
      await db.profile.count({
        where: { companyId, OR: [{ email: '' }, { phoneNumber: '' }, { externalId: '' }, { anonymousId: '' }] },
      }),
    ).toBe(0)
  })
})

describe('client mode', () => {
  test('never changes an existing email, phone or external id; fills empty ones; other attributes change', async () => {
    const a = await upsertProfile(companyId, { email: 'c@example.com', externalId: 'c-1' }, { mode: 'import' })
    const r = await upsertProfile(
      companyId,
      { externalId: 'c-1', email: 'attacker@example.com', phoneNumber: '+15005550003', firstName: 'Cli' },
      { mode: 'client' },
    )
    // No profile has the new email, so the external_id match is the target; its email stays.
    expect(r.profile.id).toBe(a.profile.id)
    expect(r.profile.email).toBe('c@example.com')
    expect(r.profile.phoneNumber).toBe('+15005550003')
    expect(r.profile.firstName).toBe('Cli')
    const unset = await upsertProfile(companyId, { externalId: 'c-1', email: null }, { mode: 'client' })
    expect(unset.profile.email).toBe('c@example.com')
  })
})

describe('patch_properties', () => {
  test('append creates and extends arrays, unappend removes values, unset removes keys', async () => {
    const a = await upsertProfile(
      companyId,
      { email: 'p@example.com', properties: { tags: ['a'], plan: 'gold', size: 'M' } },
      { mode: 'import' },
    )
    const r1 = await upsertProfile(
      companyId,
      { email: 'p@example.com' },
      {
        mode: 'import',
        patchProperties: { append: { tags: 'b', newList: 'x' }, unset: 'size' },
      },
    )
    expect(JSON.parse(r1.profile.properties)).toEqual({ tags: ['a', 'b'], plan: 'gold', newList: ['x'] })
    const r2 = await upsertProfile(
      companyId,
      { properties: { plan: 'silver' } },
      {
        mode: 'import',
        id: a.profile.id,
        patchProperties: { unappend: { tags: 'a' }, unset: ['newList', 'missing'] },
      },
    )
    expect(JSON.parse(r2.profile.properties)).toEqual({ tags: ['b'], plan: 'silver' })
  })
})

describe('anonymous visitor who identifies', () => {
  test('is merged into the known profile with its events, and a Merged Profile event is kept', async () => {
    const known = await upsertProfile(
      companyId,
      { email: 'k@example.com', firstName: 'Known', properties: { tier: 'vip' } },
      { mode: 'import' },
    )
    const anon = await upsertProfile(
      companyId,
      { anonymousId: 'visitor-9', lastName: 'Anon', properties: { tier: 'none', seen: 3 } },
      { mode: 'client' },
    )
    await ingestEvents(companyId, [
      {
        metric: { name: 'Viewed Product' },
        profile: { anonymousId: 'visitor-9' },
        uniqueId: 'v1',
        time: '2026-01-01T10:00:00Z',
      },
      {
        metric: { name: 'Viewed Product' },
        profile: { anonymousId: 'visitor-9' },
        uniqueId: 'v2',
        time: '2026-01-01T10:01:00Z',
      },
    ])
    await ingestEvents(companyId, [
      { metric: { name: 'Viewed Product' }, profile: { email: 'k@example.com' }, uniqueId: 'v1' },
    ])
    const list = await db.group.create({ data: { id: 'LstAn1', companyId, name: 'Anon list' } })
    await db.groupMembership.create({
      data: { companyId, groupId: list.id, profileId: anon.profile.id, source: 'api' },
    })

    const r = await upsertProfile(companyId, { anonymousId: 'visitor-9', email: 'k@example.com' }, { mode: 'client' })
    expect(r.profile.id).toBe(known.profile.id)
    expect(r.profile.anonymousId).toBe('visitor-9')
    expect(r.profile.lastName).toBe('Anon')
    // Each property keeps the value written last: the visitor's tier came after the known one's.
    expect(JSON.parse(r.profile.properties)).toEqual({ tier: 'none', seen: 3 })
    expect(await getProfile(companyId, anon.profile.id)).toBeNull()

    const events = await db.event.findMany({
      where: { companyId, profileId: known.profile.id },
      include: { metric: true },
      orderBy: { id: 'asc' },
    })
    const viewed = events.filter((e) => e.metric.name === 'Viewed Product')
    // v1 existed on both: the known profile's copy is kept, v2 moves over.
    expect(viewed.map((e) => e.uniqueId).sort()).toEqual(['v1', 'v2'])
    const merged = events.filter((e) => e.metric.name === 'Merged Profile')
    expect(merged).toHaveLength(1)
    expect(JSON.parse(merged[0]!.properties)).toEqual({ merged_profile_id: anon.profile.id })
    const m = await db.groupMembership.findMany({ where: { groupId: list.id } })
    expect(m.map((x) => x.profileId)).toEqual([known.profile.id])
  })
})
