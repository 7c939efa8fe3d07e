/** @jest-environment node */
// /ajax A/B tests (seed 002 §7.5), evaluations (§7.7, §9) and statistics-v2 through the real route
// handlers with real sessions, on Send, event, FlowRun and FlowStep rows as the engine and the
// send pipeline write them: settings, publish, analytics with the significance test and the
// automatic winner rule, choose winner (read back by the engine's variation choice), clone and
// delete variations, end and restart, delete; the evaluations report, CSV export, approve and
// cancel per the manual-approval protocol; per-action statistics; company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(90_000)
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { getFlowDefinition } from '@/lib/flows/store'
import { chooseVariation } from '@/lib/flows/engine/actions/experiments'
import { winnerOf } from '@/lib/flows/ajax/ab-tests-winner'
import { abTestAnalytics } from '@/lib/flows/ajax/ab-tests-analytics'
import { settleDueAbTests } from '@/lib/flows/ab-test-winners'
import * as settingsRoute from '@/app/ajax/flow/ab-test/[actionId]/test-settings/route'
import * as allSettings from '@/app/ajax/flow/ab-test/test-settings/route'
import * as publishRoute from '@/app/ajax/flow/ab-test/[actionId]/publish/route'
import * as analyticsRoute from '@/app/ajax/flow/ab-test/[actionId]/analytics/route'
import * as seriesRoute from '@/app/ajax/flow/ab-test/[actionId]/series/route'
import * as messageVariationsRoute from '@/app/ajax/flow/message/[id]/reports/variations/route'
import * as winnerRoute from '@/app/ajax/flow/ab-test/[actionId]/choose_winner/route'
import * as contentRoute from '@/app/ajax/flow/ab-test/[actionId]/content/route'
import * as deleteRoute from '@/app/ajax/flow/ab-test/[actionId]/delete/route'
import * as restartEmail from '@/app/ajax/flow/ab-test/[actionId]/end_and_restart/email/route'
import * as restartSms from '@/app/ajax/flow/ab-test/[actionId]/end_and_restart/sms/route'
import * as cloneVar from '@/app/ajax/flow/ab-test/variation/[id]/clone/route'
import * as deleteVar from '@/app/ajax/flow/ab-test/variation/[id]/delete/route'
import * as evBootstrap from '@/app/ajax/flow/evaluations/[actionId]/bootstrap/route'
import * as evRecords from '@/app/ajax/flow/evaluations/[actionId]/records/route'
import * as evExport from '@/app/ajax/flow/evaluations/[actionId]/export/route'
import * as evApprove from '@/app/ajax/flow/evaluations/[actionId]/approve/route'
import * as evCancel from '@/app/ajax/flow/evaluations/[actionId]/cancel/route'
import * as statsRoute from '@/app/ajax/flow/[id]/actions/statistics-v2/route'
import { call, makeFixture, type Fixture } from './flows-ajax-messages-fixture'
import { queuedJobs } from '../helpers/queued-jobs'
import { ajaxRequest, params } from '../helpers/factory'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { GET as downloadFile } from '@/app/ajax/downloads/[id]/file/route'

let f: Fixture
const profiles: string[] = []
const arm = (s: string) => `${f.abActionId}-${s}`

beforeAll(async () => {
  process.env.APP_URL = 'https://app.example.test'
  f = await makeFixture()
  for (let i = 0; i < 36; i++)
    profiles.push(
      (await upsertProfile(f.A, { email: `p${String(i).padStart(2, '0')}@example.com` }, { mode: 'import' })).profile
        .id,
    )
})

async function metricId(companyId: number, name: string) {
  return (
    await db.metric.upsert({
      where: { companyId_name: { companyId, name } },
      create: {
        id: ulid().slice(0, 6) + Math.random().toString(36).slice(2, 6),
        companyId,
        name,
        integration: 'internal',
      },
      update: {},
    })
  ).id
}

/** n delivered sends of an action (arm: context $flow_message / $variation), `opens` of them opened, `orders` with a Placed Order of `value` attributed to the send. */
async function seedSends(
  actionId: string,
  variation: string | null,
  n: number,
  opens: number,
  at: Date,
  orders = 0,
  value = 0,
  pool = 0,
) {
  const opened = await metricId(f.A, 'Opened Email')
  const clicked = await metricId(f.A, 'Clicked Email')
  const placed = await metricId(f.A, 'Placed Order')
  for (let i = 0; i < n; i++) {
    const profileId = profiles[pool * 12 + (i % 12)]! // one pool of 12 profiles per arm
    const runId = ulid()
    const id = ulid()
    await db.send.create({
      data: {
        id,
        companyId: f.A,
        channel: 'email',
        sourceType: 'flow_action_run',
        sourceId: `${actionId}:${runId}`,
        profileId,
        status: 'delivered',
        content: '{}',
        context: JSON.stringify({
          $flow: f.flowId,
          $flow_message: variation,
          $action: actionId,
          $run: runId,
          ...(variation ? { $variation: variation } : {}),
        }),
        createdAt: at,
        sentAt: at,
      },
    })
    const ts = Math.floor(at.getTime() / 1000) + 60
    if (i < opens)
      await db.event.create({
        data: {
          companyId: f.A,
          profileId,
          metricId: opened,
          ts,
          uniqueId: `${id}:Opened Email`,
          properties: JSON.stringify({ $send_id: id }),
        },
      })
    if (i < Math.floor(opens / 2))
      await db.event.create({
        data: {
          companyId: f.A,
          profileId,
          metricId: clicked,
          ts,
          uniqueId: `${id}:Clicked Email:1`,
          properties: JSON.stringify({ $send_id: id }),
        },
      })
    if (i < orders) {
      const order = await db.event.create({
        data: {
          companyId: f.A,
          profileId,
          metricId: placed,
          ts: ts + 3600,
          value,
          uniqueId: `order-${id}`,
          properties: '{}',
        },
      })
      // As the ingest transaction attributes it (lib/attribution): to this send's click, else its open.
      const touch = i < Math.floor(opens / 2) ? 'click' : i < opens ? 'open' : null
      if (touch) {
        await db.eventAttribution.create({
          data: {
            eventId: order.id,
            companyId: f.A,
            profileId,
            metricId: placed,
            ts: order.ts,
            value,
            sourceType: 'flow',
            flowId: f.flowId,
            messageId: actionId,
            sendId: id,
            channel: 'email',
            touch,
            touchTs: ts,
          },
        })
      }
    }
  }
}

test('test settings: defaults, save, bad input 400, all for a flow; other companies see nothing', async () => {
  const g = await call(settingsRoute, 'GET', '/x', { actionId: f.abActionId }, { cookie: f.ownerA })
  expect(g.status).toBe(200)
  expect(g.body.settings).toMatchObject({
    status: 'draft',
    configured: false,
    metric: 'open_rate',
    windowHours: 24,
    autoWinner: false,
  })
  const bad = [
    { metric: 'bounce_rate', window_hours: 5 },
    { metric: 'open_rate', window_hours: 0 },
    { metric: 'open_rate', window_hours: 'x' },
    { metric: 'open_rate', window_hours: 4, confidence: 2 },
  ]
  for (const body of bad)
    expect(
      (await call(settingsRoute, 'PUT', '/x', { actionId: f.abActionId }, { cookie: f.ownerA, body })).status,
    ).toBe(400)
  const p = await call(
    settingsRoute,
    'PUT',
    '/x',
    { actionId: f.abActionId },
    { cookie: f.ownerA, body: { metric: 'open_rate', window_hours: '1', auto_winner: true, confidence: 0.95 } },
  )
  expect(p.status).toBe(200)
  expect(p.body.settings).toMatchObject({ configured: true, windowHours: 1, autoWinner: true, confidence: 0.95 })
  const all = await call(allSettings, 'GET', `/x?flow_id=${f.flowId}`, {}, { cookie: f.ownerA })
  expect(all.body.settings).toEqual([
    expect.objectContaining({ actionId: f.abActionId, flowId: f.flowId, windowHours: 1 }),
  ])
  expect((await call(allSettings, 'GET', '/x', {}, { cookie: f.ownerB })).body.settings).toEqual([])
  expect((await call(settingsRoute, 'GET', '/x', { actionId: f.abActionId }, { cookie: f.ownerB })).status).toBe(404)
  expect(
    (
      await call(
        settingsRoute,
        'PUT',
        '/x',
        { actionId: f.abActionId },
        { cookie: f.ownerB, body: { metric: 'open_rate', window_hours: 2 } },
      )
    ).status,
  ).toBe(404)
  expect((await call(settingsRoute, 'GET', '/x', { actionId: f.emailActionId }, { cookie: f.ownerA })).status).toBe(404) // not an A/B test
  const d = await call(settingsRoute, 'DELETE', '/x', { actionId: f.abActionId }, { cookie: f.ownerA })
  expect(d.body.settings).toMatchObject({ configured: false, windowHours: 24, autoWinner: false })
  await call(
    settingsRoute,
    'PUT',
    '/x',
    { actionId: f.abActionId },
    { cookie: f.ownerA, body: { metric: 'open_rate', window_hours: 1, auto_winner: true, confidence: 0.95 } },
  )
})

test('publish, analytics with the z-test, the automatic winner rule, series, choose winner read by the engine', async () => {
  expect(
    (await call(publishRoute, 'PUT', '/x', { actionId: f.abActionId }, { cookie: f.ownerA, body: {} })).status,
  ).toBe(400)
  const pub = await call(
    publishRoute,
    'PUT',
    '/x',
    { actionId: f.abActionId },
    { cookie: f.ownerA, body: { talonId: 'talon-1' } },
  )
  expect(pub.status).toBe(200)
  expect(pub.body.settings).toMatchObject({ status: 'live', talonId: 'talon-1' })
  const startedAt = new Date(pub.body.settings.startedAt)
  const def = await getFlowDefinition(f.A, f.flowId)
  const ab = def.actions.find((a) => a.id === f.abActionId)!
  expect((ab.data as { experiment_status: string }).experiment_status).toBe('live')

  const at = new Date(startedAt.getTime() + 100) // after the start, before the restart of the next test
  await seedSends(f.abActionId, arm('main'), 200, 40, at)
  await seedSends(f.abActionId, arm('v1'), 200, 80, at, 12, 30, 1)
  await seedSends(f.abActionId, arm('v2'), 200, 42, at, 0, 0, 2)
  await seedSends(f.abActionId, arm('v1'), 5, 5, new Date(startedAt.getTime() - 3_600_000), 0, 0, 1) // before the test: not counted

  const r = await call(analyticsRoute, 'GET', '/x', { actionId: f.abActionId }, { cookie: f.ownerA })
  expect(r.status).toBe(200)
  expect(r.body.leader).toBe(arm('v1'))
  const byId = Object.fromEntries(r.body.variations.map((v: { variationId: string }) => [v.variationId, v]))
  expect(byId[arm('v1')]).toMatchObject({
    recipients: 200,
    delivered: 200,
    opens: 80,
    clicks: 40,
    openRate: 0.4,
    conversions: 12,
    revenue: 360,
    significance: null,
  })
  expect(byId[arm('main')].significance.statistic).toBeCloseTo(4.364357804719848, 6)
  expect(byId[arm('main')].significance.pValue / 1.2749674921097029e-5).toBeCloseTo(1, 4)
  expect(byId[arm('v2')].significance.statistic).toBeCloseTo(4.126779637694148, 6)
  expect(r.body.automaticWinner).toMatchObject({ enabled: true, wouldPick: null })
  expect(r.body.automaticWinner.reason).toMatch(/window ends/)
  // Once the window is over the rule picks the leader; revenue uses Welch's t-test.
  const later = await abTestAnalytics(f.A, f.abActionId, { now: new Date(startedAt.getTime() + 2 * 3_600_000) })
  expect(later.automaticWinner.wouldPick).toBe(arm('v1'))
  const revenue = await abTestAnalytics(f.A, f.abActionId, {
    metric: 'placed_order_revenue',
    now: new Date(startedAt.getTime() + 2 * 3_600_000),
  })
  expect(revenue.variations.find((v) => v.variationId === arm('main'))!.significance).toMatchObject({ test: 'welch-t' })
  expect(
    (await call(analyticsRoute, 'GET', '/x?metric=nope', { actionId: f.abActionId }, { cookie: f.ownerA })).status,
  ).toBe(400)

  // The message reports' variations tab: any arm's message reaches the same test; a plain message has none; another company gets 404.
  const mv = await call(messageVariationsRoute, 'GET', '/x', { id: arm('v2') }, { cookie: f.ownerA })
  expect(mv.status).toBe(200)
  expect(mv.body.abTest.leader).toBe(arm('v1'))
  expect(mv.body.abTest.variations.map((v: { variationId: string }) => v.variationId).sort()).toEqual(
    [arm('main'), arm('v1'), arm('v2')].sort(),
  )
  expect(
    (await call(messageVariationsRoute, 'GET', '/x', { id: f.emailMessageId }, { cookie: f.ownerA })).body,
  ).toEqual({ abTest: null })
  expect((await call(messageVariationsRoute, 'GET', '/x', { id: arm('v2') }, { cookie: f.ownerB })).status).toBe(404)

  const s = await call(seriesRoute, 'GET', '/x', { actionId: f.abActionId }, { cookie: f.ownerA })
  expect(s.body.dates).toEqual([at.toISOString().slice(0, 10)])
  expect(s.body.series.find((x: { variationId: string }) => x.variationId === arm('v1')).points[0]).toMatchObject({
    recipients: 200,
    opens: 80,
  })

  for (const mod of [analyticsRoute, seriesRoute, contentRoute])
    expect((await call(mod, 'GET', '/x', { actionId: f.abActionId }, { cookie: f.ownerB })).status).toBe(404)
  expect(
    (
      await call(
        winnerRoute,
        'POST',
        '/x',
        { actionId: f.abActionId },
        { cookie: f.ownerA, body: { variation_id: 'nope' } },
      )
    ).status,
  ).toBe(400)
  expect(
    (
      await call(
        winnerRoute,
        'POST',
        '/x',
        { actionId: f.abActionId },
        { cookie: f.ownerB, body: { variation_id: arm('v1') } },
      )
    ).status,
  ).toBe(404)
  // The hourly job applies the rule: nothing while the window runs, then the leader, chosen 'automatic'.
  const mine = (xs: Array<{ actionId: string }>) => xs.filter((x) => x.actionId === f.abActionId)
  expect(mine(await settleDueAbTests(new Date(startedAt.getTime() + 30 * 60_000)))).toEqual([])
  expect(mine(await settleDueAbTests(new Date(startedAt.getTime() + 2 * 3_600_000)))).toEqual([
    { companyId: f.A, actionId: f.abActionId, winner: arm('v1') },
  ])
  expect(
    await db.flowAbTest.findFirst({
      where: { companyId: f.A, actionId: f.abActionId, winnerVariationId: { not: null } },
    }),
  ).toMatchObject({ winnerChosenBy: 'automatic', status: 'completed' })
  expect(mine(await settleDueAbTests(new Date(startedAt.getTime() + 3 * 3_600_000)))).toEqual([]) // settled once
  const w = await call(
    winnerRoute,
    'POST',
    '/x',
    { actionId: f.abActionId },
    { cookie: f.ownerA, body: { variation_id: arm('v1') } },
  )
  expect(w.status).toBe(200)
  expect(w.body.settings).toMatchObject({ status: 'completed', winnerVariationId: arm('v1'), winnerChosenBy: 'manual' })
  expect(await winnerOf(f.A, f.abActionId)).toBe(arm('v1'))
  expect(await winnerOf(f.B, f.abActionId)).toBeNull()
  // The engine's experiment executor now sends the winner to every profile.
  const after = (await getFlowDefinition(f.A, f.flowId)).actions.find((a) => a.id === f.abActionId)!
  for (const p of profiles.slice(0, 5))
    expect(chooseVariation(after.data as never, p, f.abActionId, 9)!.key).toBe(arm('v1'))
})

test('variation clone and delete, content, end and restart, delete the test', async () => {
  expect((await call(cloneVar, 'POST', '/x', { id: arm('v2') }, { cookie: f.ownerB })).status).toBe(404)
  const c = await call(cloneVar, 'POST', '/x', { id: arm('v2') }, { cookie: f.ownerA })
  expect(c.status).toBe(200)
  const copy = c.body.variationId
  expect(Object.keys(c.body.allocations)).toEqual([arm('main'), arm('v1'), arm('v2'), copy])
  const content = await call(contentRoute, 'GET', '/x', { actionId: f.abActionId }, { cookie: f.ownerA })
  expect(content.body.variations.map((v: { id: string; subject: string }) => [v.id, v.subject])).toEqual([
    [arm('main'), 'Main subject'],
    [arm('v1'), 'Subject A'],
    [arm('v2'), 'Subject B'],
    [copy, 'Subject B'],
  ])
  expect((await call(deleteVar, 'POST', '/x', { id: arm('v1') }, { cookie: f.ownerA })).status).toBe(400) // the winner
  expect((await call(deleteVar, 'POST', '/x', { id: arm('main') }, { cookie: f.ownerA })).status).toBe(400) // not a variation
  expect((await call(deleteVar, 'POST', '/x', { id: copy }, { cookie: f.ownerB })).status).toBe(404)
  const d = await call(deleteVar, 'POST', '/x', { id: copy }, { cookie: f.ownerA })
  expect(d.status).toBe(200)
  expect(Object.keys(d.body.allocations)).toHaveLength(3)

  expect((await call(restartSms, 'POST', '/x', { actionId: f.abActionId }, { cookie: f.ownerA })).status).toBe(400)
  const rs = await call(restartEmail, 'POST', '/x', { actionId: f.abActionId }, { cookie: f.ownerA })
  expect(rs.status).toBe(200)
  expect(rs.body.settings).toMatchObject({ status: 'live', winnerVariationId: null, windowHours: 1, autoWinner: true })
  expect(rs.body.endedTestId).not.toBe(rs.body.settings.testId)
  expect(await winnerOf(f.A, f.abActionId)).toBeNull()
  const fresh = await call(analyticsRoute, 'GET', '/x', { actionId: f.abActionId }, { cookie: f.ownerA })
  expect(fresh.body.variations.every((v: { recipients: number }) => v.recipients === 0)).toBe(true)

  expect((await call(deleteRoute, 'POST', '/x', { actionId: f.abActionId }, { cookie: f.ownerB })).status).toBe(404)
  const del = await call(deleteRoute, 'POST', '/x', { actionId: f.abActionId }, { cookie: f.ownerA })
  expect(del.status).toBe(200)
  expect(del.body).toMatchObject({ actionId: f.abActionId, actionType: 'send-email' })
  const row = await db.flowAction.findUnique({ where: { id: f.abActionId } })
  expect(row!.actionType).toBe('send-email')
  expect((await db.flowMessage.findFirst({ where: { actionId: f.abActionId } }))!.id).toBe(del.body.messageId)
})

async function waitingRun(profileId: string, at: Date) {
  const runId = ulid(at.getTime())
  await db.flowRun.create({
    data: {
      id: runId,
      companyId: f.A,
      flowId: f.flowId,
      version: 1,
      profileId,
      entryKey: `manual:${runId}`,
      triggerKind: 'metric',
      status: 'waiting',
      currentActionId: f.smsActionId,
      wakeAt: null,
      createdAt: at,
    },
  })
  const step = await db.flowStep.create({
    data: {
      companyId: f.A,
      flowId: f.flowId,
      runId,
      actionId: f.smsActionId,
      actionType: 'send-sms',
      profileId,
      status: 'waiting',
      at,
    },
  })
  return { runId, stepId: step.id }
}

test('evaluations: records sorted by time descending and paged, CSV export, approve and cancel per the protocol', async () => {
  const base = Date.parse('2026-11-20T10:00:00Z')
  const made = []
  for (let i = 0; i < 5; i++) made.push(await waitingRun(profiles[i]!, new Date(base + i * 60_000)))
  const doneRun = ulid()
  await db.flowStep.create({
    data: {
      companyId: f.A,
      flowId: f.flowId,
      runId: doneRun,
      actionId: f.smsActionId,
      actionType: 'send-sms',
      profileId: profiles[6]!,
      status: 'done',
      outcome: 'S1',
      at: new Date(base - 60_000),
    },
  })

  const b = await call(evBootstrap, 'GET', '/x', { actionId: f.smsActionId }, { cookie: f.ownerA })
  expect(b.body).toMatchObject({
    action: { id: f.smsActionId, status: 'manual' },
    counts: { waiting: 5, done: 1 },
    total: 6,
    defaultSort: { sortIndex: 2, sortDesc: true },
  })
  const r = await call(evRecords, 'GET', '/x?count=2', { actionId: f.smsActionId }, { cookie: f.ownerA })
  expect(r.status).toBe(200)
  expect(r.body).toMatchObject({ total: 6, start: 0, count: 2 })
  expect(r.body.records.map((x: { id: number }) => x.id)).toEqual([made[4]!.stepId, made[3]!.stepId])
  expect(r.body.records[0]).toMatchObject({
    email: 'p04@example.com',
    status: 'waiting',
    time: new Date(base + 4 * 60_000).toISOString(),
  })
  const page3 = await call(evRecords, 'GET', '/x?count=2&start=4', { actionId: f.smsActionId }, { cookie: f.ownerA })
  expect(page3.body.records.map((x: { id: number }) => x.id)).toEqual([made[0]!.stepId, expect.any(Number)])
  const byPage = await call(evRecords, 'GET', '/x?count=2&page=3', { actionId: f.smsActionId }, { cookie: f.ownerA })
  expect(byPage.body).toEqual(page3.body)
  const done = await call(
    evRecords,
    'GET',
    '/x?status=done&sortIndex=0&sortDesc=false',
    { actionId: f.smsActionId },
    { cookie: f.ownerA },
  )
  expect(done.body.records).toEqual([
    expect.objectContaining({ status: 'done', outcome: 'S1', email: 'p06@example.com' }),
  ])
  for (const qs of ['sortIndex=9', 'count=0', 'count=501', 'start=-1', 'status=bogus']) {
    expect((await call(evRecords, 'GET', `/x?${qs}`, { actionId: f.smsActionId }, { cookie: f.ownerA })).status).toBe(
      400,
    )
  }
  expect((await call(evRecords, 'GET', '/x', { actionId: f.smsActionId }, { cookie: f.ownerB })).status).toBe(404)
  expect((await call(evBootstrap, 'GET', '/x', { actionId: f.smsActionId }, { cookie: f.ownerB })).status).toBe(404)

  const csv = await call(evExport, 'GET', '/x?status=waiting', { actionId: f.smsActionId }, { cookie: f.ownerA })
  expect(csv.status).toBe(200)
  expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
  expect(csv.headers.get('content-disposition')).toMatch(/welcome-series-action-\d+-evaluations\.csv/)
  const lines = (csv.body as string).trim().split('\r\n')
  expect(lines[0]).toBe('evaluation_id,profile_id,email,phone_number,status,time,outcome')
  expect(lines).toHaveLength(6)
  expect(lines[1]).toContain('p00@example.com')
  expect((await call(evExport, 'GET', '/x', { actionId: f.smsActionId }, { cookie: f.ownerB })).status).toBe(404)
  // The same as a download (the downloads mechanism): a job writes the file.
  const started = await call(
    evExport,
    'POST',
    '/x',
    { actionId: f.smsActionId },
    { cookie: f.ownerA, body: { status: 'waiting' } },
  )
  expect(started.status).toBe(202)
  await runJobsUntilIdle()
  const file = await downloadFile(
    ajaxRequest(`/ajax/downloads/${started.body.downloadId}/file`, { cookie: f.ownerA }),
    params({ id: String(started.body.downloadId) }),
  )
  expect(file.status).toBe(200)
  expect((await file.text()).trim().split('\r\n')).toEqual(lines)
  expect((await call(evExport, 'POST', '/x', { actionId: f.smsActionId }, { cookie: f.ownerB, body: {} })).status).toBe(
    404,
  )

  // Approve one: the step is approved, the run active and due now.
  expect(
    (await call(evApprove, 'POST', '/x', { actionId: f.smsActionId }, { cookie: f.ownerA, body: {} })).status,
  ).toBe(400)
  expect(
    (await call(evApprove, 'POST', '/x', { actionId: f.smsActionId }, { cookie: f.ownerA, body: { ids: [999999] } }))
      .status,
  ).toBe(400)
  expect(
    (
      await call(
        evApprove,
        'POST',
        '/x',
        { actionId: f.smsActionId },
        { cookie: f.ownerB, body: { ids: [made[0]!.stepId] } },
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await call(
        evApprove,
        'POST',
        '/x',
        { actionId: f.smsActionId },
        { cookie: f.analystA, body: { ids: [made[0]!.stepId] } },
      )
    ).status,
  ).toBe(403)
  const before = Date.now()
  const a = await call(
    evApprove,
    'POST',
    '/x',
    { actionId: f.smsActionId },
    { cookie: f.ownerA, body: { ids: [made[0]!.stepId] } },
  )
  expect(a.status).toBe(200)
  expect(a.body).toMatchObject({ decision: 'approve', changed: 1 })
  expect((await db.flowStep.findUnique({ where: { id: made[0]!.stepId } }))!.status).toBe('approved')
  const run0 = (await db.flowRun.findUnique({ where: { id: made[0]!.runId } }))!
  expect(run0).toMatchObject({ status: 'active', currentActionId: f.smsActionId })
  expect(run0.wakeAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
  expect((await queuedJobs({ type: 'flows.advance' })).length).toBeGreaterThan(0)
  // Approving it again changes nothing.
  expect(
    (
      await call(
        evApprove,
        'POST',
        '/x',
        { actionId: f.smsActionId },
        { cookie: f.ownerA, body: { ids: [made[0]!.stepId] } },
      )
    ).body.changed,
  ).toBe(0)

  // Cancel all the others: steps cancelled, runs move on to the action's next (the A/B test action in version 1).
  const c = await call(evCancel, 'POST', '/x', { actionId: f.smsActionId }, { cookie: f.ownerA, body: { all: true } })
  expect(c.body).toMatchObject({ decision: 'cancel', changed: 4 })
  for (const m of made.slice(1)) {
    expect((await db.flowStep.findUnique({ where: { id: m.stepId } }))!.status).toBe('cancelled')
    expect(await db.flowRun.findUnique({ where: { id: m.runId } })).toMatchObject({
      status: 'active',
      currentActionId: f.abActionId,
    })
  }
  expect((await db.flowStep.findUnique({ where: { id: made[0]!.stepId } }))!.status).toBe('approved')
})

test('statistics-v2: per action steps, runs in progress and message results over a timeframe; 404 for another company', async () => {
  const now = new Date()
  await seedSends(f.emailActionId, null, 10, 4, new Date(now.getTime() - 86_400_000), 2, 50)
  await seedSends(f.emailActionId, null, 3, 3, new Date(now.getTime() - 60 * 86_400_000)) // outside last_30_days
  // A recipient who never opened or clicked orders anyway: not attributed, so not the message's conversion.
  await db.event.create({
    data: {
      companyId: f.A,
      profileId: profiles[5]!,
      metricId: await metricId(f.A, 'Placed Order'),
      ts: Math.floor(now.getTime() / 1000) - 3600,
      value: 999,
      uniqueId: 'order-unattributed',
      properties: '{}',
    },
  })
  await db.flowStep.create({
    data: {
      companyId: f.A,
      flowId: f.flowId,
      runId: ulid(),
      actionId: f.emailActionId,
      actionType: 'send-email',
      profileId: profiles[0]!,
      status: 'done',
      at: new Date(now.getTime() - 3_600_000),
    },
  })
  const r = await call(statsRoute, 'GET', '/x', { id: f.flowId }, { cookie: f.ownerA })
  expect(r.status).toBe(200)
  expect(r.body.timeframe).toBe('last_30_days')
  const email = r.body.actions.find((a: { actionId: string }) => a.actionId === f.emailActionId)
  expect(email.steps).toMatchObject({ done: 1, total: 1 })
  expect(email.message).toMatchObject({
    recipients: 10,
    delivered: 10,
    opens: 4,
    clicks: 2,
    conversions: 2,
    revenue: 100,
    openRate: 0.4,
    clickRate: 0.2,
  })
  const sms = r.body.actions.find((a: { actionId: string }) => a.actionId === f.smsActionId)
  expect(sms.inProgress).toEqual({ active: 1, waiting: 0 })
  const ab = r.body.actions.find((a: { actionId: string }) => a.actionId === f.abActionId)
  expect(ab.inProgress).toEqual({ active: 4, waiting: 0 })
  const all = await call(statsRoute, 'GET', '/x?timeframe=alltime', { id: f.flowId }, { cookie: f.ownerA })
  expect(all.body.actions.find((a: { actionId: string }) => a.actionId === f.emailActionId).message.recipients).toBe(13)
  expect((await call(statsRoute, 'GET', '/x?timeframe=forever', { id: f.flowId }, { cookie: f.ownerA })).status).toBe(
    400,
  )
  expect((await call(statsRoute, 'GET', '/x', { id: f.flowId }, { cookie: f.ownerB })).status).toBe(404)
})
