/** @jest-environment node */
// The /ajax flows family, list side (seed 002 §7.1): create (blank, definition, template, bad
// input with nothing saved), the list (sort, filters, paging, conversion figures from Send and
// Event rows), previous period, totals, details and status transitions, lifecycle, holdout
// overrides and isInHoldoutOps, updaters, classifications, builder config, non-compliant list,
// hot settings; permissions and another company's flows.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { read } from '@/lib/db/ops'
import { setFeatureFlag } from '@/lib/flags/get-feature-flags'
import { GET as flowsGet } from '@/app/ajax/flows/route'
import { POST as createPost } from '@/app/ajax/flows/create/route'
import { GET as listGet } from '@/app/ajax/flows/list/route'
import { GET as previousGet } from '@/app/ajax/flows/list/previous/route'
import { GET as totalGet } from '@/app/ajax/flows/list/total_count/route'
import { GET as holdoutListGet } from '@/app/ajax/flows/list/holdout/route'
import { GET as updatersGet } from '@/app/ajax/flows/updaters/route'
import { GET as classGet } from '@/app/ajax/flows/classifications/route'
import { GET as configGet } from '@/app/ajax/flows/builder/config/route'
import { GET as nonCompliantGet } from '@/app/ajax/flows/non-compliant-list/route'
import { GET as hotGet } from '@/app/ajax/flows/hot-settings/route'
import { GET as experimentGet } from '@/app/ajax/flows/in-product-experiment/flow-ids/route'
import { PUT as holdoutAllPut } from '@/app/ajax/flows/holdout/override/route'
import { PUT as holdoutFlowPut } from '@/app/ajax/flow/[id]/holdout/override/route'
import { GET as detailsGet, POST as detailsPost } from '@/app/ajax/flow/[id]/details/route'
import { GET as summaryGet } from '@/app/ajax/flow/[id]/route'
import { POST as archivePost } from '@/app/(app)/flow/[flowId]/archive/route'
import { POST as recoverPost } from '@/app/(app)/flow/[flowId]/recover/route'
import { POST as deletePost } from '@/app/(app)/flow/[flowId]/delete/route'
import { POST as archiveDeletePost } from '@/app/(app)/flow/[flowId]/archive_delete/route'
import { isInHoldoutOps } from '@/lib/flows/engine/holdout'
import { makeCompany, makeUser, signIn } from '../helpers/factory'
import { call, fixtures, oneEmail, welcome } from './flows-ajax-list-helpers'

let A: number, B: number, owner: string, ownerB: string, creator: string, support: string

beforeAll(async () => {
  A = (await makeCompany('Flows A')).id
  B = (await makeCompany('Flows B')).id
  owner = await signIn((await makeUser({ companyId: A })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B })).id, B)
  creator = await signIn((await makeUser({ companyId: A, role: 'content_creator' })).id, A)
  support = await signIn((await makeUser({ companyId: A, role: 'support' })).id, A)
  await fixtures(A, 'AAA')
  await fixtures(B, 'BBB')
})

async function create(body: unknown, cookie = owner) {
  const r = await call(createPost, '/ajax/flows/create', { method: 'POST', body, cookie })
  expect(r.status).toBe(200)
  return r.json.flowId as string
}
const fp = (id: string) => ({ flowId: id })

describe('create', () => {
  test('blank, from a definition (temporary ids become real), from a template key', async () => {
    const blank = await create({ name: 'Blank one' })
    expect(await db.flow.findFirst({ where: { id: blank, companyId: A } })).toMatchObject({
      name: 'Blank one',
      status: 0,
      triggerType: 'Unconfigured',
    })
    const fromDef = await create({ name: 'Welcome', definition: welcome('AAA') })
    const actions = await db.flowAction.findMany({ where: { flowId: fromDef } })
    expect(actions).toHaveLength(4)
    for (const a of actions) expect(a.id).toMatch(/^\d{10}$/)
    const fromTemplate = await create({ templateKey: 'checkout_abandonment' })
    const f = await db.flow.findFirstOrThrow({ where: { id: fromTemplate } })
    expect(f.companyId).toBe(A)
    expect(await db.flowMessage.count({ where: { flowId: fromTemplate } })).toBeGreaterThan(0)
    expect(await db.flowAudit.count({ where: { companyId: A, flowId: fromDef, action: 'create' } })).toBe(1)
  })

  test('bad input: 400 with pointers, nothing saved', async () => {
    const before = await db.flow.count({ where: { companyId: A } })
    const bad = welcome('AAA')
    bad.actions[1]!.links = { next: 'nowhere' }
    const r = await call(createPost, '/ajax/flows/create', {
      method: 'POST',
      body: { name: 'Broken', definition: bad },
      cookie: owner,
    })
    expect(r.status).toBe(400)
    expect(r.json.errors).toEqual(
      expect.arrayContaining([{ pointer: '/actions/1/links/next', message: expect.stringContaining('nowhere') }]),
    )
    const unknownList = await call(createPost, '/ajax/flows/create', {
      method: 'POST',
      body: { name: 'X', definition: welcome('BBB') },
      cookie: owner,
    })
    expect(unknownList.status).toBe(400)
    expect(unknownList.json.errors.map((e: { pointer: string }) => e.pointer)).toContain('/triggers/0/id')
    const badKey = await call(createPost, '/ajax/flows/create', {
      method: 'POST',
      body: { templateKey: 'nope' },
      cookie: owner,
    })
    expect(badKey.status).toBe(400)
    expect(badKey.json.errors[0].pointer).toBe('/templateKey')
    const noName = await call(createPost, '/ajax/flows/create', { method: 'POST', body: {}, cookie: owner })
    expect(noName.status).toBe(400)
    expect(noName.json.fieldErrors.name).toBeDefined()
    expect(await db.flow.count({ where: { companyId: A } })).toBe(before)
  })

  test('permissions: content creators and support cannot create', async () => {
    expect(
      (await call(createPost, '/ajax/flows/create', { method: 'POST', body: { name: 'x' }, cookie: creator })).status,
    ).toBe(403)
    expect((await call(listGet, '/ajax/flows/list/', { cookie: support })).status).toBe(403)
    expect((await call(listGet, '/ajax/flows/list/', { cookie: creator })).status).toBe(200)
  })
})

describe('list, figures, previous period, totals', () => {
  let X: string, Y: string, Z: string
  const now = new Date()
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000)

  // An order attributed to the send (what ingestion writes when the recipient's last human open or
  // click of it lies within the window), an order without such a touch, and another metric's event.
  async function sendsFor(
    flowId: string,
    recipients: Array<{
      sentDaysAgo: number
      orderAfterHours?: number
      attributed?: boolean
      checkoutAfterHours?: number
    }>,
  ) {
    const action = await db.flowAction.findFirstOrThrow({ where: { flowId, actionType: 'send-email' } })
    for (const r of recipients) {
      const profileId = ulid()
      await db.profile.create({ data: { id: profileId, companyId: A, email: `${profileId}@a.test` } })
      const sentAt = daysAgo(r.sentDaysAgo)
      const sendId = ulid()
      await db.send.create({
        data: {
          id: sendId,
          companyId: A,
          channel: 'email',
          sourceType: 'flow_action_run',
          sourceId: `${action.id}:${ulid()}`,
          profileId,
          status: 'sent',
          content: '{}',
          sentAt,
        },
      })
      const at = (hours: number) => Math.floor(sentAt.getTime() / 1000 + hours * 3600)
      if (r.orderAfterHours !== undefined) {
        const e = await db.event.create({
          data: { companyId: A, profileId, metricId: 'MetAAA', ts: at(r.orderAfterHours), properties: '{}' },
        })
        if (r.attributed !== false) {
          await db.eventAttribution.create({
            data: {
              eventId: e.id,
              companyId: A,
              profileId,
              metricId: 'MetAAA',
              ts: e.ts,
              value: 10,
              sourceType: 'flow',
              flowId,
              messageId: action.id,
              sendId,
              channel: 'email',
              touch: 'click',
              touchTs: at(0.5),
            },
          })
        }
      }
      if (r.checkoutAfterHours !== undefined) {
        await db.event.create({
          data: { companyId: A, profileId, metricId: 'MetCHK', ts: at(r.checkoutAfterHours), properties: '{}' },
        })
      }
    }
  }

  beforeAll(async () => {
    X = await create({ name: 'Alpha checkout', definition: oneEmail('AAA') })
    Y = await create({ name: 'Beta browse', definition: oneEmail('AAA') })
    Z = await create({ name: 'Zeta welcome', definition: welcome('AAA') })
    await db.metric.create({ data: { id: 'MetCHK', companyId: A, name: 'Reached Checkout' } })
    // X: 5 recipients, 2 converted: the orders attributed to its sends. Not counted: an order 6
    // days later and one before the send (no touch could earn them), and an order an hour after
    // the send that no open or click of it earned (a count of orders after sends took it).
    await sendsFor(X, [
      { sentDaysAgo: 3, orderAfterHours: 2, checkoutAfterHours: 1 },
      { sentDaysAgo: 4, orderAfterHours: 100 },
      { sentDaysAgo: 10, orderAfterHours: 6 * 24, attributed: false, checkoutAfterHours: 6 * 24 },
      { sentDaysAgo: 11, orderAfterHours: -5, attributed: false },
      { sentDaysAgo: 5, orderAfterHours: 1, attributed: false, checkoutAfterHours: 2 },
    ])
    // Y: 1 recipient, 1 converted; plus one 40 days ago (previous period), converted
    await sendsFor(Y, [
      { sentDaysAgo: 2, orderAfterHours: 1 },
      { sentDaysAgo: 40, orderAfterHours: 1 },
    ])
    await db.flowRun.create({
      data: {
        id: ulid(),
        companyId: A,
        flowId: X,
        version: 1,
        profileId: 'p1',
        entryKey: 'e1',
        triggerKind: 'metric',
        status: 'completed',
      },
    })
  })

  test('rows carry status as text, trigger type, counts and conversion figures', async () => {
    const r = await call(listGet, '/ajax/flows/list/?search=a&sort=name&direction=asc&page_size=100', { cookie: owner })
    expect(r.status).toBe(200)
    const x = r.json.flows.find((f: { id: string }) => f.id === X)
    expect(x).toMatchObject({
      name: 'Alpha checkout',
      status: '0',
      statusName: 'draft',
      triggerType: 'Metric',
      runs: 1,
      sends: 5,
      recipients: 5,
      conversion: 2,
      archived: false,
      tags: [],
    })
    expect(x.conversionPerRecipient).toBeCloseTo(0.4)
    const y = r.json.flows.find((f: { id: string }) => f.id === Y)
    expect(y).toMatchObject({ sends: 1, recipients: 1, conversion: 1, conversionPerRecipient: 1 })
    expect(r.json.conversionMetricId).toBe('MetAAA')
  })

  test('a conversion metric that attribution does not credit: recipients who did it within 5 days after a send', async () => {
    const r = await call(
      listGet,
      '/ajax/flows/list/?search=a&sort=name&direction=asc&page_size=100&conversionMetricId=MetCHK',
      { cookie: owner },
    )
    expect(r.status).toBe(200)
    expect(r.json.conversionMetricId).toBe('MetCHK')
    expect(r.json.flows.find((f: { id: string }) => f.id === X)).toMatchObject({ recipients: 5, conversion: 2 })
  })

  test('/settings/attribution chooses the metric: the list defaults to it and reads its attributions', async () => {
    await db.attributionSettings.upsert({
      where: { companyId: A },
      create: { companyId: A, conversionMetricId: 'MetCHK' },
      update: { conversionMetricId: 'MetCHK' },
    })
    try {
      const r = await call(listGet, '/ajax/flows/list/?search=a&sort=name&direction=asc&page_size=100', {
        cookie: owner,
      })
      expect(r.json.conversionMetricId).toBe('MetCHK')
      // No checkout was attributed to a send: none counts (the orders' attributions are of another metric).
      expect(r.json.flows.find((f: { id: string }) => f.id === X)).toMatchObject({ recipients: 5, conversion: 0 })
    } finally {
      await db.attributionSettings.delete({ where: { companyId: A } })
    }
  })

  test('sort by every field, both directions; paging', async () => {
    const ids = async (q: string) =>
      (await call(listGet, `/ajax/flows/list/?${q}`, { cookie: owner })).json.flows
        .map((f: { id: string }) => f.id)
        .filter((id: string) => [X, Y, Z].includes(id))
    expect(await ids('sort=name&direction=asc&pageSize=100')).toEqual([X, Y, Z])
    expect(await ids('sort=name&direction=desc&pageSize=100')).toEqual([Z, Y, X])
    expect(await ids('sort=conversion&direction=desc&pageSize=100')).toEqual([X, Y, Z])
    expect(await ids('sort=conversion_per_recipient&direction=desc&pageSize=100')).toEqual([Y, X, Z])
    expect((await ids('sort=updated&direction=desc&pageSize=100'))[0]).toBe(Z)
    expect(await ids('sort=status&direction=asc&pageSize=100')).toHaveLength(3)
    const page = await call(listGet, '/ajax/flows/list/?sort=name&direction=asc&pageSize=2&page=2', { cookie: owner })
    expect(page.json).toMatchObject({ page: 2, pageSize: 2 })
    const everything = (
      await call(listGet, '/ajax/flows/list/?sort=name&direction=asc&pageSize=100', { cookie: owner })
    ).json
    expect(page.json.total).toBe(everything.total)
    expect(page.json.flows).toEqual(everything.flows.slice(2, 4))
    const bad = await call(listGet, '/ajax/flows/list/?sort=popularity', { cookie: owner })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors.sort[0]).toContain('conversion_per_recipient')
  })

  test('filters: status, trigger type, tags, search, archived', async () => {
    await call(detailsPost, '/x', { method: 'POST', p: { id: Z }, body: { tags: ['Welcome', 'VIP'] }, cookie: owner })
    const q = async (s: string) =>
      (await call(listGet, `/ajax/flows/list/?pageSize=100&${s}`, { cookie: owner })).json.flows.map(
        (f: { id: string }) => f.id,
      )
    expect(await q('tags=vip')).toEqual([Z])
    expect(await q('tags=nope&tags=welcome')).toEqual([Z])
    expect(await q('triggerType=list')).toEqual(await q('triggerType=Added%20to%20List'))
    expect(await q('trigger_type=Added%20to%20List')).toContain(Z)
    expect(await q('triggerType=Metric')).toEqual(expect.arrayContaining([X, Y]))
    expect(await q('triggerType=Metric')).not.toContain(Z)
    expect(await q('search=beta')).toEqual([Y])
    expect(await q('status=2')).toEqual([])
    expect(await q('status=0,1')).toEqual(expect.arrayContaining([X, Y, Z]))
    expect((await call(listGet, '/ajax/flows/list/?status=9', { cookie: owner })).status).toBe(400)
  })

  test('previous period and previous year', async () => {
    const r = await call(previousGet, `/ajax/flows/list/previous/?comparisonPeriod=previous_period&ids=${X},${Y}`, {
      cookie: owner,
    })
    expect(r.status).toBe(200)
    expect(r.json.comparisonPeriod).toBe('previous_period')
    expect(r.json.flows[Y]).toMatchObject({ sends: 1, recipients: 1, conversion: 1 })
    expect(r.json.flows[X]).toMatchObject({ sends: 0 })
    const year = await call(previousGet, '/ajax/flows/list/previous/?comparisonPeriod=previous_year', { cookie: owner })
    expect(year.json.flows[Y]).toMatchObject({ sends: 0 })
    expect(
      (await call(previousGet, '/ajax/flows/list/previous/?comparisonPeriod=last_week', { cookie: owner })).status,
    ).toBe(400)
  })

  test('GET /ajax/flows and total_count', async () => {
    const all = await call(flowsGet, '/ajax/flows', { cookie: owner })
    expect(all.json.flows.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining([X, Y, Z]))
    const t = await call(totalGet, '/ajax/flows/list/total_count', { cookie: owner })
    expect(t.json.totalCount).toBe(await db.flow.count({ where: { companyId: A, archived: false } }))
    expect(t.json.byStatus['0']).toBeGreaterThanOrEqual(3)
  })

  test('another company sees none of these flows', async () => {
    const r = await call(listGet, '/ajax/flows/list/?pageSize=100', { cookie: ownerB })
    expect(r.json.flows.map((f: { id: string }) => f.id)).not.toEqual(expect.arrayContaining([X]))
    expect(r.json.total).toBe(0)
    expect((await call(flowsGet, '/ajax/flows', { cookie: ownerB })).json.flows).toEqual([])
  })
})

describe('details, status transitions, lifecycle', () => {
  let W: string, blank: string
  beforeAll(async () => {
    W = await create({ name: 'Welcome flow', definition: welcome('AAA') })
    blank = await create({ name: 'Empty' })
  })

  test('GET and POST details: rename, tags, status text codes', async () => {
    const g = await call(detailsGet, '/x', { p: { id: W }, cookie: owner })
    expect(g.json.flow).toMatchObject({ id: W, name: 'Welcome flow', status: '0', tags: [], version: 1 })
    const p = await call(detailsPost, '/x', {
      method: 'POST',
      p: { id: W },
      body: { name: 'Welcome v2', status: '2', tags: ['a', 'A', 'b'] },
      cookie: owner,
    })
    expect(p.status).toBe(200)
    expect(p.json.flow).toMatchObject({ name: 'Welcome v2', status: '2', statusName: 'live', tags: ['A', 'b'] })
    const actions = await db.flowAction.findMany({ where: { flowId: W }, select: { status: true, actionType: true } })
    expect(actions.find((a) => a.actionType === 'send-email')!.status).toBe('draft')
    const paused = await call(detailsPost, '/x', { method: 'POST', p: { id: W }, body: { status: '4' }, cookie: owner })
    expect(paused.json.flow.status).toBe('4')
    const live = await call(detailsPost, '/x', {
      method: 'POST',
      p: { id: W },
      body: { status: '2', setActionStatuses: true },
      cookie: owner,
    })
    expect(live.status).toBe(200)
    expect((await db.flowAction.findMany({ where: { flowId: W } })).every((a) => a.status === 'live')).toBe(true)
    const audit = await db.flowAudit.findMany({ where: { flowId: W, action: 'status' } })
    expect(audit.map((a) => JSON.parse(a.detail).to)).toEqual(['2', '4', '2'])
    const s = await call(summaryGet, '/x', { p: { id: W }, cookie: owner })
    expect(s.json).toMatchObject({ flow: { id: W, status: '2' }, beta: false, usesUnsupported: false })
  })

  test('invalid transitions and input: 400 with a clear message', async () => {
    const pause = await call(detailsPost, '/x', {
      method: 'POST',
      p: { id: blank },
      body: { status: '4' },
      cookie: owner,
    })
    expect(pause).toMatchObject({ status: 400, json: { message: 'Only a live flow can be paused.' } })
    const on = await call(detailsPost, '/x', { method: 'POST', p: { id: blank }, body: { status: '2' }, cookie: owner })
    expect(on.status).toBe(400)
    expect(on.json.message).toContain('needs a trigger')
    const code = await call(detailsPost, '/x', {
      method: 'POST',
      p: { id: blank },
      body: { status: '7' },
      cookie: owner,
    })
    expect(code.status).toBe(400)
    expect(code.json.fieldErrors.status).toBeDefined()
    expect(
      (await call(detailsPost, '/x', { method: 'POST', p: { id: blank }, body: { name: '' }, cookie: owner })).status,
    ).toBe(400)
    expect((await db.flow.findFirstOrThrow({ where: { id: blank } })).status).toBe(0)
    expect(
      (await call(detailsPost, '/x', { method: 'POST', p: { id: blank }, body: { name: 'n' }, cookie: creator }))
        .status,
    ).toBe(403)
  })

  test('archive ends runs in progress, recover, archive_delete and delete', async () => {
    const run = await db.flowRun.create({
      data: {
        id: ulid(),
        companyId: A,
        flowId: W,
        version: 1,
        profileId: 'p9',
        entryKey: 'k9',
        triggerKind: 'list',
        status: 'active',
        currentActionId: 'x',
        wakeAt: new Date(),
      },
    })
    const notArchived = await call(archiveDeletePost, '/x', { method: 'POST', p: fp(W), cookie: owner })
    expect(notArchived.status).toBe(400)
    const a = await call(archivePost, '/x', { method: 'POST', p: fp(W), cookie: owner })
    expect(a.json).toMatchObject({ archived: true, status: '0', runsEnded: 1 })
    expect(await db.flowRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: 'exited',
      exitReason: 'flow_archived',
      wakeAt: null,
    })
    const change = await call(detailsPost, '/x', { method: 'POST', p: { id: W }, body: { status: '2' }, cookie: owner })
    expect(change.status).toBe(400)
    expect(change.json.message).toContain('archived')
    expect(
      (await call(listGet, '/ajax/flows/list/?archived=true&pageSize=100', { cookie: owner })).json.flows.map(
        (f: { id: string }) => f.id,
      ),
    ).toEqual([W])
    expect((await call(recoverPost, '/x', { method: 'POST', p: fp(W), cookie: owner })).json).toMatchObject({
      archived: false,
      status: '0',
    })
    await call(archivePost, '/x', { method: 'POST', p: fp(W), cookie: owner })
    expect((await call(archiveDeletePost, '/x', { method: 'POST', p: fp(W), cookie: owner })).json).toEqual({
      flowId: W,
      deleted: true,
    })
    expect(await db.flow.count({ where: { id: W } })).toBe(0)
    expect(await db.flowAction.count({ where: { flowId: W } })).toBe(0)
    expect((await call(deletePost, '/x', { method: 'POST', p: fp(blank), cookie: owner })).status).toBe(200)
    expect((await call(deletePost, '/x', { method: 'POST', p: fp(blank), cookie: owner })).status).toBe(404)
  })

  test('another company cannot read or change the flow', async () => {
    const mine = await create({ name: 'Private', definition: oneEmail('AAA') })
    expect((await call(detailsGet, '/x', { p: { id: mine }, cookie: ownerB })).status).toBe(404)
    expect((await call(summaryGet, '/x', { p: { id: mine }, cookie: ownerB })).status).toBe(404)
    expect(
      (await call(detailsPost, '/x', { method: 'POST', p: { id: mine }, body: { name: 'Hacked' }, cookie: ownerB }))
        .status,
    ).toBe(404)
    for (const h of [archivePost, recoverPost, deletePost, archiveDeletePost])
      expect((await call(h, '/x', { method: 'POST', p: fp(mine), cookie: ownerB })).status).toBe(404)
    expect(
      (
        await call(holdoutFlowPut, '/x', {
          method: 'PUT',
          p: { id: mine },
          body: { experimentId: 'e', overrideList: [] },
          cookie: ownerB,
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call(holdoutAllPut, '/x', {
          method: 'PUT',
          body: { overrideList: [{ flow_id: mine, isIgnoringHoldoutGroup: true }] },
          cookie: ownerB,
        })
      ).status,
    ).toBe(400)
    expect(
      (await call(updatersGet, `/ajax/flows/updaters/?ids=${mine}`, { cookie: ownerB })).json.updaters[mine],
    ).toBeNull()
    expect(await db.flow.findFirstOrThrow({ where: { id: mine } })).toMatchObject({ name: 'Private', archived: false })
  })
})

describe('holdout', () => {
  let H: string, I: string
  beforeAll(async () => {
    H = await create({ name: 'Holdout me', definition: oneEmail('AAA') })
    I = await create({ name: 'Ignore holdout', definition: oneEmail('AAA') })
  })

  test('account experiment, per-flow overrides, list and isInHoldoutOps', async () => {
    const profiles = Array.from({ length: 400 }, (_, i) => `P${i}`)
    const held = async (flowId: string) => {
      let n = 0
      for (const p of profiles) if (await read(isInHoldoutOps(A, flowId, p))) n++
      return n
    }
    expect(await held(H)).toBe(0)
    const all = await call(holdoutAllPut, '/x', {
      method: 'PUT',
      body: { experimentId: 'exp-1', overrideList: [{ flow_id: I, isIgnoringHoldoutGroup: true }] },
      cookie: owner,
    })
    expect(all.status).toBe(200)
    expect(all.json.experiment).toEqual({ experimentId: 'exp-1', percent: 10 })
    const nH = await held(H)
    expect(nH).toBeGreaterThan(20)
    expect(nH).toBeLessThan(65)
    expect(await held(H)).toBe(nH)
    expect(await held(I)).toBe(0)
    const list = await call(holdoutListGet, '/ajax/flows/list/holdout', { cookie: owner })
    expect(list.json.flows.find((f: { flowId: string }) => f.flowId === I)).toMatchObject({
      isIgnoringHoldoutGroup: true,
      inHoldout: false,
    })
    expect(list.json.flows.find((f: { flowId: string }) => f.flowId === H)).toMatchObject({
      inHoldout: true,
      percent: 10,
    })
    expect((await call(experimentGet, '/x', { cookie: owner })).json.flowIds).toContain(H)

    const one = await call(holdoutFlowPut, '/x', {
      method: 'PUT',
      p: { id: H },
      body: { experimentId: 'exp-1', overrideList: [{ flow_id: H, isIgnoringHoldoutGroup: true }] },
      cookie: owner,
    })
    expect(one.json.flows[0]).toMatchObject({ flowId: H, isIgnoringHoldoutGroup: true, inHoldout: false })
    expect(await held(H)).toBe(0)
    const other = await call(holdoutFlowPut, '/x', {
      method: 'PUT',
      p: { id: H },
      body: { overrideList: [{ flow_id: I, isIgnoringHoldoutGroup: true }] },
      cookie: owner,
    })
    expect(other.status).toBe(400)
    const badItem = await call(holdoutAllPut, '/x', {
      method: 'PUT',
      body: { overrideList: [{ flow_id: H }] },
      cookie: owner,
    })
    expect(badItem.status).toBe(400)
    await call(holdoutAllPut, '/x', { method: 'PUT', body: { experimentId: null }, cookie: owner })
    expect(await held(I)).toBe(0)
    expect(await db.flowAudit.count({ where: { companyId: A, action: 'holdout' } })).toBe(2)
  })
})

describe('updaters, classifications, builder config, non-compliant list, hot settings', () => {
  test('updaters name who last changed each flow', async () => {
    const f = await create({ name: 'Who', definition: oneEmail('AAA') })
    const r = await call(updatersGet, `/ajax/flows/updaters/?ids=${f},nope`, { cookie: owner })
    expect(r.json.updaters[f]).toMatchObject({ name: 'Test User', action: 'create' })
    expect(r.json.updaters.nope).toBeNull()
  })

  test('classifications by trigger', async () => {
    const w = await create({ name: 'W', definition: welcome('AAA') })
    const r = await call(classGet, '/x', { cookie: owner })
    expect(r.json.classifications).toEqual(expect.arrayContaining([{ flowId: w, classification: 'welcome' }]))
    expect(r.json.available).toContain('abandoned_cart')
  })

  test('builder config: channel codes of seed 002 §3.3', async () => {
    const r = await call(configGet, '/x', { cookie: owner })
    expect(r.json.channelCodes).toEqual({ email: 4, push: 6, sms: 12, ab_test: 16, whatsapp: 19 })
    expect(r.json.actionTypes.find((a: { type: string }) => a.type === 'send-sms')).toMatchObject({
      channelCode: 12,
      messageKey: 'flow_sms',
    })
    expect(r.json.delayUnits.numeric).toEqual({ week: 0, month: 1, day: 2 })
    expect(r.json.limits.maxActions).toBe(1000)
  })

  test('non-compliant list: live flows with issues, typed', async () => {
    const bad = await create({
      name: 'No unsub',
      definition: {
        ...oneEmail('AAA'),
        actions: [
          {
            ...oneEmail('AAA').actions[0],
            data: { status: 'live', message: { name: 'Promo', template_id: 'NouAAA' } },
          },
        ],
      },
    })
    const good = await create({ name: 'Fine', definition: oneEmail('AAA') })
    for (const id of [bad, good])
      expect(
        (await call(detailsPost, '/x', { method: 'POST', p: { id }, body: { status: '2' }, cookie: owner })).status,
      ).toBe(200)
    const r = await call(nonCompliantGet, '/x', { cookie: owner })
    const row = r.json.flows.find((f: { flowId: string }) => f.flowId === bad)
    expect(row).toMatchObject({ status: '2', issueTypes: ['non_compliant'] })
    expect(row.issues[0].message).toContain('no unsubscribe link')
    expect(r.json.flows.some((f: { flowId: string }) => f.flowId === good)).toBe(false)
    // A live flow whose trigger list is deleted afterwards: a trigger issue.
    await db.group.create({ data: { id: 'TmpAAA', companyId: A, name: 'Temporary', type: 0 } })
    const gone = await create({
      name: 'List gone',
      definition: { ...welcome('AAA'), triggers: [{ type: 'list', id: 'TmpAAA' }] },
    })
    expect(
      (await call(detailsPost, '/x', { method: 'POST', p: { id: gone }, body: { status: '2' }, cookie: owner })).status,
    ).toBe(200)
    await db.group.update({ where: { id: 'TmpAAA' }, data: { deletedAt: new Date() } })
    const after = await call(nonCompliantGet, '/x', { cookie: owner })
    const goneRow = after.json.flows.find((f: { flowId: string }) => f.flowId === gone)
    expect(goneRow.issueTypes).toContain('trigger')
    expect(goneRow.issues.find((i: { type: string }) => i.type === 'trigger')).toMatchObject({
      pointer: '/triggers/0/id',
      message: expect.stringContaining('TmpAAA'),
    })
    expect((await call(nonCompliantGet, '/x', { cookie: ownerB })).json.flows).toEqual([])
  })

  test('hot settings read the feature flags', async () => {
    expect((await call(hotGet, '/ajax/flows/hot-settings?hotSettingName=flows_fast', { cookie: owner })).json).toEqual({
      hotSettingName: 'flows_fast',
      value: false,
    })
    await setFeatureFlag(A, 'flows_fast', true)
    expect(
      (await call(hotGet, '/ajax/flows/hot-settings?hotSettingName=flows_fast', { cookie: owner })).json.value,
    ).toBe(true)
    expect((await call(hotGet, '/ajax/flows/hot-settings', { cookie: owner })).status).toBe(400)
  })
})
