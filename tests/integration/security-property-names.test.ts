/** @jest-environment node */
// Property names that become JSON paths (security probe, findings 2 and 4): names with NUL,
// backslashes, quotes, dots, $, [, *, control characters and unicode in segment definitions,
// the segment preview, the metric chart and the metric aggregates. Each name is either saved and
// matches exactly the key of that name, or refused with a 400 naming the field; in every case
// the company's profile writes (/api/profiles, /api/profile-import, event ingestion) succeed and
// segment membership stays right. A segment whose live evaluation throws does not fail or
// half-write the profile write, and its recompute does not stay "processing".
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
// The first test also starts the queue (on PostgreSQL: its schema and workers).
jest.setTimeout(30_000)
import { POST as createGroupRoute } from '@/app/ajax/group/route'
import { PATCH as patchGroupRoute } from '@/app/ajax/group/[id]/route'
import { POST as previewRoute } from '@/app/ajax/segment/preview/route'
import { GET as chartRoute } from '@/app/ajax/data/metric/[id]/chart/route'
import { db } from '@/lib/db/client'
import { allowInserts, refuseInserts } from '../helpers/refuse-inserts'
import { deleteDeadJobs, queuedJobs } from '../helpers/queued-jobs'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { registerJobHandlers } from '@/lib/server/job-handlers'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { setErrorReporter, type ErrorReport } from '@/lib/errors/reporter'
import { scheduleRecompute } from '@/lib/segments/schedule-recompute'
import { invalidateSegmentCache } from '@/lib/segments/active-segments'
import { shortId } from '@/lib/ids/make-id'
import { ingestEvents } from '@/lib/events/ingest-events'
import { getOrCreateMetric } from '@/lib/events/get-or-create-metric'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { api, makeApiKey } from '../helpers/route-server'

// Saved and matched exactly (quoted in the JSON path, never read as path syntax).
const ACCEPTED: Array<[string, string]> = [
  ['a backslash at the end', 'a\\'],
  ['a backslash inside', 'a\\b'],
  ['a quote', "it's"],
  ['a double quote', 'x"y'],
  ['a dot', 'a.b'],
  ['a dollar sign', '$'],
  ['a dollar path', '$.a'],
  ['a bracket', 'a[0]'],
  ['a star', '*'],
  ['a control character', 'a\u0001b'],
  ['a newline', 'a\nb'],
  ['unicode', 'Größe 😀'],
]
// Refused with a 400 on the field: no JSON key we can address portably.
const REFUSED: Array<[string, string]> = [
  ['a NUL character', 'a\u0000b'],
  ['a lone NUL', '\u0000'],
  ['a lone surrogate', 'x\ud800'],
]
// Keys a wrongly built path would reach instead: `$.a.b`, `$.a[0]`.
const DECOYS = [{ a: { b: 'yes' } }, { a: ['yes'] }]

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
async function ajax(
  h: Handler,
  path: string,
  cookie: string,
  o: { method?: string; body?: unknown; id?: string } = {},
) {
  const res = await h(
    ajaxRequest(path, { method: o.method ?? 'GET', cookie, body: o.body }),
    o.id ? params({ id: o.id }) : undefined,
  )
  return { status: res.status, json: await res.json() }
}

const propertyDef = (name: string) => ({
  version: 1,
  root: {
    type: 'and',
    conditions: [
      { kind: 'profile_property', field: `properties.${name}`, valueType: 'text', operator: 'equals', value: 'yes' },
    ],
  },
})
const metricDef = (metricId: string, name: string) => ({
  version: 1,
  root: {
    type: 'and',
    conditions: [
      {
        kind: 'metric',
        metricId,
        comparison: 'at_least',
        count: 1,
        timeframe: { type: 'all_time' },
        filters: [{ property: name, operator: 'equals', value: 'yes' }],
      },
    ],
  },
})
const cityDef = {
  version: 1,
  root: { type: 'and', conditions: [{ kind: 'location', field: 'city', operator: 'equals', value: 'Berlin' }] },
}

const members = async (groupId: string) =>
  (await db.groupMembership.findMany({ where: { groupId, leftAt: null }, select: { profileId: true } }))
    .map((m) => m.profileId)
    .sort()

const event = (email: string, properties: Record<string, unknown>, profileProperties?: Record<string, unknown>) => ({
  data: {
    type: 'event',
    attributes: {
      properties,
      time: '2026-01-05T10:00:00Z',
      metric: { data: { type: 'metric', attributes: { name: 'Viewed Item' } } },
      profile: {
        data: {
          type: 'profile',
          attributes: { email, ...(profileProperties ? { properties: profileProperties } : {}) },
        },
      },
    },
  },
})
const profileBody = (attributes: Record<string, unknown>, id?: string) => ({
  data: { type: 'profile', ...(id ? { id } : {}), attributes },
})

let reports: ErrorReport[] = []
beforeAll(() => {
  registerJobHandlers()
  setErrorReporter((r) => reports.push(r))
})
afterAll(() => setErrorReporter(null))
beforeEach(async () => {
  reports = []
  await resetRateLimits()
})

async function jobsSettle() {
  await runJobsUntilIdle()
  return (await queuedJobs())
    .filter((j) => j.status !== 'done')
    .map((j) => ({ type: j.type, status: j.status, lastError: j.lastError }))
}

describe('segment definitions through /ajax, profile writes through /api', () => {
  let companyId: number, cookie: string, key: string, metricId: string
  const segs = new Map<string, { property: string; metric: string }>()
  const profiles = new Map<string, string>()

  beforeAll(async () => {
    companyId = (await makeCompany()).id
    cookie = await signIn((await makeUser({ companyId })).id, companyId)
    key = await makeApiKey(companyId)
    metricId = (await getOrCreateMetric(companyId, 'Viewed Item')).id
  })

  test.each(REFUSED)('a name with %s is refused on save and in the preview, naming the field', async (_, name) => {
    const p = await ajax(createGroupRoute, '/ajax/group', cookie, {
      method: 'POST',
      body: { type: 1, name: 'Bad', definition: propertyDef(name) },
    })
    expect(p.status).toBe(400)
    expect(Object.keys(p.json.fieldErrors)).toEqual(['definition.root.conditions.0.field'])
    const m = await ajax(createGroupRoute, '/ajax/group', cookie, {
      method: 'POST',
      body: { type: 1, name: 'Bad', definition: metricDef(metricId, name) },
    })
    expect(m.status).toBe(400)
    expect(Object.keys(m.json.fieldErrors)).toEqual(['definition.root.conditions.0.filters.0.property'])
    const preview = await ajax(previewRoute, '/ajax/segment/preview', cookie, {
      method: 'POST',
      body: { definition: metricDef(metricId, name) },
    })
    expect(preview.status).toBe(400)
    expect(Object.keys(preview.json.fieldErrors)).toEqual(['definition.root.conditions.0.filters.0.property'])
    expect(await db.group.count({ where: { companyId, name: 'Bad' } })).toBe(0)
  })

  // Since issue 29 (finding 1) the definition limits refuse it before its values are counted.
  test('a definition that would compile to more values than SQLite binds is a 400, not a 500', async () => {
    const filters = Array.from({ length: 10 }, (_, i) => ({ property: `p${i}`, operator: 'equals', value: 'x' }))
    const cond = {
      kind: 'metric',
      metricId,
      comparison: 'at_least',
      count: 2,
      timeframe: { type: 'all_time' },
      filters,
    }
    const definition = {
      version: 1,
      root: {
        type: 'or',
        conditions: Array.from({ length: 50 }, () => ({
          type: 'or',
          conditions: Array.from({ length: 50 }, () => cond),
        })),
      },
    }
    const preview = await ajax(previewRoute, '/ajax/segment/preview', cookie, { method: 'POST', body: { definition } })
    expect(preview.status).toBe(400)
    expect(Object.keys(preview.json.fieldErrors)).toContain('definition')
    const saved = await ajax(createGroupRoute, '/ajax/group', cookie, {
      method: 'POST',
      body: { type: 1, name: 'Huge', definition },
    })
    expect(saved.status).toBe(400)
    expect(await db.group.count({ where: { companyId, name: 'Huge' } })).toBe(0)
  })

  test('every other name is saved, and a redefinition with a refused name is a 400 that keeps the old definition', async () => {
    for (const [, name] of ACCEPTED) {
      const p = await ajax(createGroupRoute, '/ajax/group', cookie, {
        method: 'POST',
        body: { type: 1, name: `P ${name}`, definition: propertyDef(name) },
      })
      expect(p.status).toBe(201)
      const m = await ajax(createGroupRoute, '/ajax/group', cookie, {
        method: 'POST',
        body: { type: 1, name: `M ${name}`, definition: metricDef(metricId, name) },
      })
      expect(m.status).toBe(201)
      segs.set(name, { property: p.json.group.id, metric: m.json.group.id })
    }
    const first = segs.get(ACCEPTED[0]![1])!.property
    for (const [, bad] of REFUSED) {
      const r = await ajax(patchGroupRoute, `/ajax/group/${first}`, cookie, {
        method: 'PATCH',
        id: first,
        body: { definition: propertyDef(bad) },
      })
      expect(r.status).toBe(400)
      expect(Object.keys(r.json.fieldErrors)).toEqual(['definition.root.conditions.0.field'])
    }
    expect(JSON.parse((await db.group.findUniqueOrThrow({ where: { id: first } })).definition!)).toEqual(
      propertyDef(ACCEPTED[0]![1]),
    )
    expect(await jobsSettle()).toEqual([])
    const groups = await db.group.findMany({ where: { companyId, type: 1 }, select: { isProcessing: true } })
    expect(groups.every((g) => !g.isProcessing)).toBe(true)
  })

  test('profiles created through /api/profiles, /api/profile-import and events join exactly the segments of their key', async () => {
    for (const [i, [, name]] of ACCEPTED.entries()) {
      const email = `p${i}@names.test`
      const r =
        i % 2 === 0
          ? await api('POST', '/api/profiles', { key, body: profileBody({ email, properties: { [name]: 'yes' } }) })
          : await api('POST', '/api/profile-import', {
              key,
              body: profileBody({ email, properties: { [name]: 'yes' } }),
            })
      expect(r.status).toBe(201)
      profiles.set(name, r.json.data.id)
      expect((await api('POST', '/api/events', { key, body: event(email, { [name]: 'yes' }) })).status).toBe(202)
    }
    // Every other key says yes, its own key says no; and the nested keys a bad path would read.
    const all = Object.fromEntries(ACCEPTED.map(([, n]) => [n, 'no']))
    expect(
      (await api('POST', '/api/profiles', { key, body: profileBody({ email: 'no@names.test', properties: all }) }))
        .status,
    ).toBe(201)
    expect((await api('POST', '/api/events', { key, body: event('no@names.test', all) })).status).toBe(202)
    for (const [i, decoy] of DECOYS.entries()) {
      expect(
        (
          await api('POST', '/api/profile-import', {
            key,
            body: profileBody({ email: `decoy${i}@names.test`, properties: decoy }),
          })
        ).status,
      ).toBe(201)
      expect((await api('POST', '/api/events', { key, body: event(`decoy${i}@names.test`, decoy) })).status).toBe(202)
    }
    // A profile created by event ingestion, with its own properties.
    expect(
      (await api('POST', '/api/events', { key, body: event('new@names.test', {}, { 'x"y': 'yes', 'a.b': 'yes' }) }))
        .status,
    ).toBe(202)
    expect(await jobsSettle()).toEqual([])
    const created = await db.profile.findFirstOrThrow({ where: { companyId, email: 'new@names.test' } })

    for (const [, name] of ACCEPTED) {
      const s = segs.get(name)!
      const expected = ['x"y', 'a.b'].includes(name) ? [profiles.get(name)!, created.id].sort() : [profiles.get(name)!]
      expect({ name, members: await members(s.property) }).toEqual({ name, members: expected })
      expect({ name, members: await members(s.metric) }).toEqual({ name, members: [profiles.get(name)!] })
      const preview = await ajax(previewRoute, '/ajax/segment/preview', cookie, {
        method: 'POST',
        body: { definition: metricDef(metricId, name) },
      })
      expect({ name, preview: preview.json.count }).toEqual({ name, preview: 1 })
    }
    expect(reports).toEqual([])
  })

  test('updates through /api/profiles and /api/profile-import move profiles out of and back into the segments', async () => {
    for (const [, name] of ACCEPTED) {
      const id = profiles.get(name)!
      const seg = segs.get(name)!.property
      const off = await api('PATCH', `/api/profiles/${id}`, {
        key,
        body: profileBody({ properties: { [name]: 'no' } }, id),
      })
      expect(off.status).toBe(200)
      expect(await members(seg)).not.toContain(id)
      const on = await api('POST', '/api/profile-import', {
        key,
        body: profileBody({ properties: { [name]: 'yes' } }, id),
      })
      expect(on.status).toBe(200)
      expect(await members(seg)).toContain(id)
    }
    expect(reports).toEqual([])
  })
})

describe('definitions stored before names were checked, and segments whose evaluation throws', () => {
  let companyId: number, key: string

  beforeAll(async () => {
    companyId = (await makeCompany()).id
    key = await makeApiKey(companyId)
  })

  /** A segment row written straight to the database, as an older version could have saved it. */
  async function storeSegment(name: string, definition: unknown) {
    const g = await db.group.create({
      data: { id: shortId(6), companyId, name, type: 1, definition: JSON.stringify(definition), isProcessing: false },
    })
    invalidateSegmentCache(companyId)
    return g.id
  }

  test('stored NUL and backslash names break no profile write; the backslash one matches its key, the NUL one is skipped', async () => {
    const metricId = (await getOrCreateMetric(companyId, 'Viewed Item')).id
    const nul = await storeSegment('NUL', propertyDef('a\u0000b'))
    const nulFilter = await storeSegment('NUL filter', metricDef(metricId, '\u0000'))
    const backslash = await storeSegment('Backslash', propertyDef('a\\'))
    const backslashFilter = await storeSegment('Backslash filter', metricDef(metricId, 'b\\'))
    const city = await storeSegment('Berlin', cityDef)

    const created = await api('POST', '/api/profiles', {
      key,
      body: profileBody({ email: 'old@names.test', location: { city: 'Berlin' }, properties: { 'a\\': 'yes' } }),
    })
    expect(created.status).toBe(201)
    const id = created.json.data.id as string
    expect(await members(backslash)).toEqual([id])
    expect(await members(city)).toEqual([id])
    const imported = await api('POST', '/api/profile-import', {
      key,
      body: profileBody({ email: 'old@names.test', location: { city: 'Paris' } }),
    })
    expect(imported.status).toBe(200)
    expect(await members(city)).toEqual([])
    const patched = await api('PATCH', `/api/profiles/${id}`, {
      key,
      body: profileBody({ properties: { 'a\\': 'no' } }, id),
    })
    expect(patched.status).toBe(200)
    expect(await members(backslash)).toEqual([])
    expect((await api('POST', '/api/events', { key, body: event('old@names.test', { 'b\\': 'yes' }) })).status).toBe(
      202,
    )
    expect(await jobsSettle()).toEqual([])
    expect(await members(backslashFilter)).toEqual([id])
    expect(await members(nul)).toEqual([])
    expect(await members(nulFilter)).toEqual([])

    // Its recompute cannot succeed: the job ends (dead, not retried) and the segment is no longer processing.
    await scheduleRecompute(companyId, nul)
    await runJobsUntilIdle()
    expect((await db.group.findUniqueOrThrow({ where: { id: nul } })).isProcessing).toBe(false)
    // Dead after its first run, not queued again with a backoff.
    expect(
      (await queuedJobs({ type: 'segments.recompute' })).filter((j) => j.status !== 'done').map((j) => j.status),
    ).toEqual(['dead'])
    await deleteDeadJobs()
  })

  test('a segment whose live evaluation throws fails no profile write, writes none of its own changes, and its recompute ends', async () => {
    const good = await storeSegment('Berlin OK', cityDef)
    const broken = await storeSegment('Berlin broken', cityDef)
    // A real failure inside that one segment's evaluation: its membership change log refuses rows.
    const refusal = {
      name: 'fail_broken_segment',
      table: { sqlite: 'GroupMembershipChange', postgres: '"GroupMembershipChange"' },
    }
    await refuseInserts({ ...refusal, message: 'forced failure', when: { column: '"groupId"', equals: broken } })
    try {
      const created = await api('POST', '/api/profiles', {
        key,
        body: profileBody({ email: 'throw@names.test', location: { city: 'Berlin' } }),
      })
      expect(created.status).toBe(201)
      const id = created.json.data.id as string
      expect(await members(good)).toEqual([id])
      // Nothing half-written: no membership without its change row, the count untouched.
      expect(await db.groupMembership.count({ where: { groupId: broken } })).toBe(0)
      expect((await db.group.findUniqueOrThrow({ where: { id: broken } })).memberCount).toBe(0)
      expect(reports.map((r) => [r.route, r.extra?.groupId])).toEqual([['segments.live', broken]])

      const updated = await api('POST', '/api/profile-import', {
        key,
        body: profileBody({ email: 'throw@names.test', first_name: 'Again' }),
      })
      expect(updated.status).toBe(200)
      const patched = await api('PATCH', `/api/profiles/${id}`, { key, body: profileBody({ last_name: 'Still' }, id) })
      expect(patched.status).toBe(200)
      expect((await api('POST', '/api/events', { key, body: event('throw@names.test', { any: 1 }) })).status).toBe(202)
      expect(await jobsSettle()).toEqual([])
      expect(await db.event.count({ where: { companyId, profileId: id } })).toBe(1)
      expect(await members(good)).toEqual([id])

      await scheduleRecompute(companyId, broken)
      await runJobsUntilIdle()
      expect((await db.group.findUniqueOrThrow({ where: { id: broken } })).isProcessing).toBe(false)
      expect(
        (await queuedJobs({ type: 'segments.recompute' })).filter((j) => j.status !== 'done').map((j) => j.status),
      ).toEqual(['dead'])
    } finally {
      await allowInserts(refusal)
    }
    // Once the cause is gone, a recompute brings the segment in line.
    await scheduleRecompute(companyId, broken)
    await runJobsUntilIdle()
    const row = await db.group.findUniqueOrThrow({ where: { id: broken } })
    expect(row).toMatchObject({ isProcessing: false, memberCount: 1 })
    expect(await members(broken)).toEqual(await members(good))
  })
})

describe('metric queries: the chart (/ajax) and the aggregates (/api)', () => {
  let companyId: number, cookie: string, key: string, metricId: string
  const CUSTOM = 'timeframe=custom&start=2026-01-01&end=2026-01-31&granularity=monthly'

  beforeAll(async () => {
    companyId = (await makeCompany()).id
    cookie = await signIn((await makeUser({ companyId })).id, companyId)
    key = await makeApiKey(companyId)
    const time = '2026-01-05T10:00:00Z'
    const all = Object.fromEntries(ACCEPTED.map(([, n]) => [n, 'no']))
    await ingestEvents(companyId, [
      ...ACCEPTED.map(([, n], i) => ({
        metric: { name: 'Viewed Item' },
        profile: { email: `m${i}@names.test` },
        time,
        properties: { [n]: 'yes' },
      })),
      { metric: { name: 'Viewed Item' }, profile: { email: 'no@names.test' }, time, properties: all },
      ...DECOYS.map((d, i) => ({
        metric: { name: 'Viewed Item' },
        profile: { email: `d${i}@names.test` },
        time,
        properties: d,
      })),
    ])
    metricId = (await db.metric.findFirstOrThrow({ where: { companyId, name: 'Viewed Item' } })).id
  })

  const chart = (qs: string) =>
    ajax(chartRoute, `/ajax/data/metric/${metricId}/chart?${CUSTOM}&${qs}`, cookie, { id: metricId })
  const aggregate = (attributes: Record<string, unknown>) =>
    api('POST', '/api/metric-aggregates', {
      key,
      body: {
        data: {
          type: 'metric-aggregate',
          attributes: {
            metric_id: metricId,
            measurements: ['count'],
            interval: 'month',
            filter: ['greater-or-equal(datetime,2026-01-01T00:00:00)', 'less-than(datetime,2026-02-01T00:00:00)'],
            ...attributes,
          },
        },
      },
    })

  test.each(ACCEPTED)('a name with %s: chart by and where, aggregates by, on exactly that key', async (_, name) => {
    const by = await chart(`by=${encodeURIComponent(name)}`)
    expect(by.status).toBe(200)
    const totals = Object.fromEntries(
      by.json.series.map((s: { dimension: string | null; total: number }) => [String(s.dimension), s.total]),
    )
    expect(totals).toEqual({ yes: 1, no: 1, null: ACCEPTED.length - 1 + DECOYS.length })
    const where = await chart(
      `where=${encodeURIComponent(JSON.stringify([{ field: name, op: 'equal', value: 'yes' }]))}`,
    )
    expect(where.status).toBe(200)
    expect(where.json.total).toBe(1)

    const agg = await aggregate({ by: [name] })
    expect(agg.status).toBe(200)
    const rows = Object.fromEntries(
      agg.json.data.attributes.data.map((d: { dimensions: string[]; measurements: { count: number[] } }) => [
        d.dimensions[0],
        d.measurements.count[0],
      ]),
    )
    expect(rows).toEqual({ yes: 1, no: 1, '': ACCEPTED.length - 1 + DECOYS.length })
  })

  test.each(REFUSED)('a name with %s: 400 naming the field on the chart and the aggregates', async (_, name) => {
    // A lone surrogate has no form in a URL (it arrives as U+FFFD); JSON carries it as \ud800.
    if (name.isWellFormed()) {
      const by = await chart(`by=${encodeURIComponent(name)}`)
      expect(by.status).toBe(400)
      expect(Object.keys(by.json.fieldErrors)).toEqual(['by'])
    }
    const where = await chart(
      `where=${encodeURIComponent(JSON.stringify([{ field: name, op: 'equal', value: 'yes' }]))}`,
    )
    expect(where.status).toBe(400)
    expect(Object.keys(where.json.fieldErrors)).toEqual(['where.0.field'])

    const agg = await aggregate({ by: ['Brand', name] })
    expect(agg.status).toBe(400)
    expect(agg.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/data/attributes/by/1',
    ])
    const filtered = await aggregate({
      filter: [
        'greater-or-equal(datetime,2026-01-01T00:00:00)',
        'less-than(datetime,2026-02-01T00:00:00)',
        `equals(${name},"yes")`,
      ],
    })
    expect(filtered.status).toBe(400)
    expect(filtered.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/data/attributes/filter/2',
    ])
  })

  test('aggregate filters address the key of that name: a.b, $ and $.a are keys, not paths', async () => {
    for (const name of ['a.b', '$', '$.a']) {
      const r = await aggregate({
        filter: [
          'greater-or-equal(datetime,2026-01-01T00:00:00)',
          `equals(${name},"yes")`,
          'less-than(datetime,2026-02-01T00:00:00)',
        ],
      })
      expect({ name, status: r.status, data: r.json.data.attributes.data }).toEqual({
        name,
        status: 200,
        data: [{ dimensions: [], measurements: { count: [1] } }],
      })
    }
    await resetRateLimits()
    const backslash = await aggregate({
      filter: [
        'greater-or-equal(datetime,2026-01-01T00:00:00)',
        'less-than(datetime,2026-02-01T00:00:00)',
        'equals(a\\,"yes")',
      ],
    })
    expect(backslash.status).toBe(400)
    expect(backslash.json.errors[0].source.pointer).toBe('/data/attributes/filter/2')
  })
})
