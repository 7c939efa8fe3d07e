/** @jest-environment node */
// Code functions and transformations (issue 27, /cdp/code and /cdp/transformation) through their
// real /ajax route handlers on a real SQLite file, with the real QuickJS sandbox: create and
// field errors (bad syntax, no trigger), the account's consent gating runs, an ingested event
// running a function exactly once (its job run twice, the event ingested twice), logs capped,
// secrets sealed and given as process.env, another company's ids answering 404, and a
// transformation's test run and its effect on an event sent to POST /client/events.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import { db } from '@/lib/db/client'
import { ingestEvents } from '@/lib/events/ingest-events'
import { jobQueue, runJobsUntilIdle } from '@/lib/jobs/queue'
import { stopSandbox } from '@/lib/flows/sandbox/run-code'
import { runFunctionInvocation } from '@/lib/cdp-code/function-job'
import { forgetTransformations } from '@/lib/cdp-code/transformation-cache'
import { FUNCTION_LOG_LIMIT_BYTES } from '@/lib/cdp-code/limits'
import { pruneCodeRuns } from '@/lib/cdp-code/prune-runs'
import * as functions from '@/app/ajax/cdp/code/functions/route'
import * as oneFunction from '@/app/ajax/cdp/code/functions/[id]/route'
import * as invocations from '@/app/ajax/cdp/code/functions/[id]/invocations/route'
import * as invocation from '@/app/ajax/cdp/code/functions/[id]/invocations/[invocationId]/route'
import * as authorization from '@/app/ajax/cdp/code/authorization/route'
import * as codeTest from '@/app/ajax/cdp/code/test/route'
import * as transformations from '@/app/ajax/cdp/transformations/route'
import * as oneTransformation from '@/app/ajax/cdp/transformations/[id]/route'
import * as transformationTest from '@/app/ajax/cdp/transformations/test/route'
import * as clientEvents from '@/app/client/events/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers
async function json(res: Response): Promise<{ status: number; body: any }> {
  return { status: res.status, body: await res.json() }
}

async function account(role = 'owner') {
  const c = await makeCompany()
  const u = await makeUser({ companyId: c.id, role })
  return { companyId: c.id, publicApiKey: c.publicApiKey!, userId: u.id, cookie: await signIn(u.id, c.id) }
}

const post = (path: string, cookie: string, body: unknown) => ajaxRequest(path, { method: 'POST', cookie, body })

const create = async (cookie: string, body: Record<string, unknown>) =>
  json(await functions.POST(post('/ajax/cdp/code/functions', cookie, body)))

const placed = (companyId: number, uniqueId = 'o-1') =>
  ingestEvents(companyId, [
    {
      metric: { name: 'Placed Order' },
      profile: { email: 'ada@example.test' },
      properties: { total: 120 },
      value: 120,
      uniqueId,
    },
  ])

// On PostgreSQL the ingest transaction queues jobs through app_jobs.add_job, whose schema the
// worker installs at start (as the flows' tests do through prepareFlowJobs).
beforeAll(() => jobQueue().prepare())
afterAll(() => stopSandbox())

test('create: the code is checked by the sandbox, the trigger is required; secrets are sealed and named only', async () => {
  const a = await account()
  const bad = await create(a.cookie, { name: 'Broken', triggerMetric: 'Placed Order', sourceCode: 'return {' })
  expect(bad.status).toBe(400)
  expect(bad.body.fieldErrors.source_code[0]).toMatch(/SyntaxError|expecting|unexpected/i)
  const noTrigger = await create(a.cookie, { name: 'No trigger', triggerMetric: ' ', sourceCode: 'return 1' })
  expect(noTrigger.status).toBe(400)
  expect(Object.keys(noTrigger.body.fieldErrors)).toEqual(['trigger_metric'])
  const badSecret = await create(a.cookie, {
    name: 'S',
    triggerMetric: 'Placed Order',
    sourceCode: 'return 1',
    secrets: [{ name: 'lower case', value: 'x' }],
  })
  expect(badSecret.body.fieldErrors['secrets.0.name']).toBeDefined()
  expect(await db.codeFunction.count({ where: { companyId: a.companyId } })).toBe(0)

  const ok = await create(a.cookie, {
    name: 'Tag big orders',
    triggerMetric: 'Placed Order',
    sourceCode: 'function main(event) { return { big: event.value > 100, key: process.env.API_KEY } }',
    secrets: [{ name: 'API_KEY', value: 'sk-very-secret' }],
  })
  expect(ok.status).toBe(201)
  expect(ok.body.function).toMatchObject({ enabled: false, secretNames: ['API_KEY'] })
  const row = await db.codeFunction.findUniqueOrThrow({ where: { id: ok.body.function.id } })
  expect(row.secretsSealed).not.toContain('sk-very-secret')
  const list = await json(await functions.GET(ajaxRequest('/ajax/cdp/code/functions', { cookie: a.cookie })))
  expect(JSON.stringify(list.body)).not.toContain('sk-very-secret')

  // The editor's test run: stored secrets fill in, logs come back.
  const run = await json(
    await codeTest.POST(
      post('/ajax/cdp/code/test', a.cookie, {
        sourceCode: 'console.log("hi", { n: 1 }); return { key: process.env.API_KEY, v: event.value }',
        functionId: ok.body.function.id,
        secrets: [{ name: 'API_KEY' }],
        eventJson: JSON.stringify({ metric: 'Placed Order', value: 7, properties: { Item_Name: 'x' } }),
      }),
    ),
  )
  expect(run.body).toMatchObject({ ok: true, output: { key: 'sk-very-secret', v: 7 }, logs: ['info hi {"n":1}'] })
  const badJson = await json(
    await codeTest.POST(post('/ajax/cdp/code/test', a.cookie, { sourceCode: 'return 1', eventJson: '{' })),
  )
  expect(badJson.status).toBe(400)
  expect(badJson.body.fieldErrors).toHaveProperty('eventJson')
})

test('functions run only after an owner or admin accepted the consent; a manager cannot accept it', async () => {
  const a = await account()
  const manager = await makeUser({ companyId: a.companyId, role: 'manager' })
  const managerCookie = await signIn(manager.id, a.companyId)
  const f = await create(a.cookie, {
    name: 'Echo',
    triggerMetric: 'Placed Order',
    sourceCode: 'return event.properties.total',
    enabled: true,
  })
  await placed(a.companyId, 'before-consent')
  expect(await db.codeFunctionInvocation.count({ where: { companyId: a.companyId } })).toBe(0)

  const refused = await authorization.POST(post('/ajax/cdp/code/authorization', managerCookie, {}))
  expect(refused.status).toBe(403)
  const state = await json(
    await authorization.GET(ajaxRequest('/ajax/cdp/code/authorization', { cookie: managerCookie })),
  )
  expect(state.body).toMatchObject({ authorization: { accepted: false }, canAuthorize: false })
  const accepted = await json(await authorization.POST(post('/ajax/cdp/code/authorization', a.cookie, {})))
  expect(accepted.body.authorization).toMatchObject({ accepted: true })

  await placed(a.companyId, 'after-consent')
  const inv = await db.codeFunctionInvocation.findMany({ where: { companyId: a.companyId } })
  expect(inv).toHaveLength(1)
  expect(inv[0]!.functionId).toBe(f.body.function.id)
})

test('an ingested event runs its function exactly once: the job run twice, the event ingested twice', async () => {
  const a = await account()
  await json(await authorization.POST(post('/ajax/cdp/code/authorization', a.cookie, {})))
  const f = await create(a.cookie, {
    name: 'Tag',
    triggerMetric: 'Placed Order',
    sourceCode: 'console.log("order", event.value, profile.email)\nreturn { big: event.value > 100 }',
    enabled: true,
  })
  const other = await create(a.cookie, {
    name: 'Other metric',
    triggerMetric: 'Viewed Product',
    sourceCode: 'return 1',
    enabled: true,
  })
  await placed(a.companyId)
  await placed(a.companyId) // the same unique_id: a duplicate, no new event
  const rows = await db.codeFunctionInvocation.findMany({ where: { companyId: a.companyId } })
  expect(rows).toHaveLength(1)
  const payload = { companyId: a.companyId, invocationId: rows[0]!.id }
  expect(await runFunctionInvocation(payload)).toBe('ran')
  expect(await runFunctionInvocation(payload)).toBe('already')
  await runJobsUntilIdle()
  const done = await db.codeFunctionInvocation.findUniqueOrThrow({ where: { id: rows[0]!.id } })
  expect(done).toMatchObject({ status: 'ok', logs: 'info order 120 ada@example.test' })
  expect(JSON.parse(done.output!)).toEqual({ big: true })

  const page = await json(
    await invocations.GET(
      ajaxRequest(`/ajax/cdp/code/functions/${f.body.function.id}/invocations`, { cookie: a.cookie }),
      params({ id: f.body.function.id }),
    ),
  )
  expect(page.body.invocations).toHaveLength(1)
  const one = await json(
    await invocation.GET(
      ajaxRequest('/ajax/cdp/code/functions/x/invocations/y', { cookie: a.cookie }),
      params({ id: f.body.function.id, invocationId: rows[0]!.id }),
    ),
  )
  expect(one.body.invocation).toMatchObject({
    status: 'ok',
    logs: ['info order 120 ada@example.test'],
    input: { event: { metric: 'Placed Order', value: 120 }, profile: { email: 'ada@example.test' } },
  })
  const dash = await json(await functions.GET(ajaxRequest('/ajax/cdp/code/functions', { cookie: a.cookie })))
  const byId = Object.fromEntries(dash.body.functions.map((x: { id: string }) => [x.id, x]))
  expect(byId[f.body.function.id].stats).toEqual({ invocations: 1, errors: 0, errorRate: 0 })
  expect(byId[other.body.function.id].stats.invocations).toBe(0)
})

test("a function that returns properties sets them on the event's profile, once; bad names fail the run", async () => {
  const a = await account()
  await json(await authorization.POST(post('/ajax/cdp/code/authorization', a.cookie, {})))
  await create(a.cookie, {
    name: 'VIP',
    triggerMetric: 'Placed Order',
    sourceCode:
      'return { properties: { vip: event.value > 100, last_total: event.properties.total, runs: (profile.runs || 0) + 1 } }',
    enabled: true,
  })
  await placed(a.companyId)
  const inv = await db.codeFunctionInvocation.findFirstOrThrow({ where: { companyId: a.companyId } })
  await runFunctionInvocation({ companyId: a.companyId, invocationId: inv.id })
  await runFunctionInvocation({ companyId: a.companyId, invocationId: inv.id })
  const profile = await db.profile.findFirstOrThrow({ where: { companyId: a.companyId, email: 'ada@example.test' } })
  expect(JSON.parse(profile.properties)).toMatchObject({ vip: true, last_total: 120, runs: 1 })

  // Turned off after an event was queued: the queued run does not run the code.
  const fnId = inv.functionId
  await placed(a.companyId, 'o-2')
  await oneFunction.PATCH(
    ajaxRequest(`/ajax/cdp/code/functions/${fnId}`, { method: 'PATCH', cookie: a.cookie, body: { enabled: false } }),
    params({ id: fnId }),
  )
  await runJobsUntilIdle()
  const off = await db.codeFunctionInvocation.findFirstOrThrow({ where: { companyId: a.companyId, status: 'error' } })
  expect(off.error).toBe('The function was turned off before it ran.')

  const b = await account()
  await json(await authorization.POST(post('/ajax/cdp/code/authorization', b.cookie, {})))
  await create(b.cookie, {
    name: 'Bad',
    triggerMetric: 'Placed Order',
    sourceCode: 'return { properties: { __proto__x: 1, "": 2 } }',
    enabled: true,
  })
  await placed(b.companyId)
  await runJobsUntilIdle()
  const bad = await db.codeFunctionInvocation.findFirstOrThrow({ where: { companyId: b.companyId } })
  expect(bad.status).toBe('error')
  expect(bad.error).toMatch(/properties that cannot be set/)
})

test('logs are capped; a throw keeps the logs printed before it and records the error', async () => {
  const a = await account()
  await json(await authorization.POST(post('/ajax/cdp/code/authorization', a.cookie, {})))
  await create(a.cookie, {
    name: 'Chatty',
    triggerMetric: 'Placed Order',
    sourceCode:
      'for (let i = 0; i < 5000; i++) console.log("line " + i + " " + "x".repeat(40))\nthrow new Error("boom")',
    enabled: true,
  })
  await placed(a.companyId)
  await runJobsUntilIdle()
  const inv = await db.codeFunctionInvocation.findFirstOrThrow({ where: { companyId: a.companyId } })
  expect(inv.status).toBe('error')
  expect(inv.error).toBe('Error: boom')
  expect(inv.logs!.length).toBeLessThanOrEqual(FUNCTION_LOG_LIMIT_BYTES + 200)
  expect(inv.logs).toContain('line 0 ')
  expect(inv.logs).toContain('[logs cut at 16 KB]')
})

test("another company's function and invocation ids answer 404; an analyst reads but cannot write", async () => {
  const a = await account()
  const b = await account()
  const f = await create(a.cookie, { name: 'Mine', triggerMetric: 'Placed Order', sourceCode: 'return 1' })
  const id = f.body.function.id
  expect(
    (await oneFunction.GET(ajaxRequest(`/ajax/cdp/code/functions/${id}`, { cookie: b.cookie }), params({ id }))).status,
  ).toBe(404)
  expect(
    (
      await oneFunction.PATCH(
        ajaxRequest(`/ajax/cdp/code/functions/${id}`, { method: 'PATCH', cookie: b.cookie, body: { enabled: true } }),
        params({ id }),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await oneFunction.DELETE(
        ajaxRequest(`/ajax/cdp/code/functions/${id}`, { method: 'DELETE', cookie: b.cookie }),
        params({ id }),
      )
    ).status,
  ).toBe(404)
  expect(
    (
      await invocations.GET(
        ajaxRequest(`/ajax/cdp/code/functions/${id}/invocations`, { cookie: b.cookie }),
        params({ id }),
      )
    ).status,
  ).toBe(404)
  expect(await db.codeFunction.count({ where: { id } })).toBe(1)

  const analyst = await makeUser({ companyId: a.companyId, role: 'analyst' })
  const analystCookie = await signIn(analyst.id, a.companyId)
  expect((await functions.GET(ajaxRequest('/ajax/cdp/code/functions', { cookie: analystCookie }))).status).toBe(200)
  expect(
    (await create(analystCookie, { name: 'No', triggerMetric: 'Placed Order', sourceCode: 'return 1' })).status,
  ).toBe(403)
})

test('transformations: a test run side by side, then an enabled one reshapes and drops /client events; an error keeps the event', async () => {
  const a = await account()
  const code = `function transform(event) {
  if (event.properties.internal) return null
  event.properties.channel = 'web'
  event.metric = event.metric.trim()
  return event
}`
  const tried = await json(
    await transformationTest.POST(
      post('/ajax/cdp/transformations/test', a.cookie, {
        sourceCode: code,
        eventJson: JSON.stringify({
          metric: 'Viewed Product',
          properties: { Name: 'Shoe' },
          profile: { email: 'x@example.test' },
        }),
      }),
    ),
  )
  expect(tried.body).toMatchObject({
    status: 'ok',
    output: { metric: 'Viewed Product', properties: { Name: 'Shoe', channel: 'web' } },
  })
  const noTransform = await json(
    await transformations.POST(post('/ajax/cdp/transformations', a.cookie, { name: 'T', sourceCode: 'return 1' })),
  )
  expect(noTransform.status).toBe(400)
  expect(noTransform.body.fieldErrors).toHaveProperty('source_code')

  const created = await json(
    await transformations.POST(post('/ajax/cdp/transformations', a.cookie, { name: 'Tag channel', sourceCode: code })),
  )
  expect(created.status).toBe(201)
  const id = created.body.transformation.id
  const send = (properties: Record<string, unknown>) =>
    clientEvents.POST(
      new Request(`http://localhost:3000/client/events?company_id=${a.publicApiKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', revision: '2024-10-15' },
        body: JSON.stringify({
          data: {
            type: 'event',
            attributes: {
              properties,
              metric: { data: { type: 'metric', attributes: { name: 'Viewed Product' } } },
              profile: { data: { type: 'profile', attributes: { email: 'shopper@example.test' } } },
            },
          },
        }),
      }),
    )
  // Disabled: the event is stored as sent.
  expect((await send({ Name: 'Before' })).status).toBe(202)
  await json(
    await oneTransformation.PATCH(
      ajaxRequest(`/ajax/cdp/transformations/${id}`, { method: 'PATCH', cookie: a.cookie, body: { enabled: true } }),
      params({ id }),
    ),
  )
  expect((await send({ Name: 'After' })).status).toBe(202)
  expect((await send({ Name: 'Hidden', internal: true })).status).toBe(202)
  await runJobsUntilIdle()
  const props = (await db.event.findMany({ where: { companyId: a.companyId }, orderBy: { id: 'asc' } })).map((e) =>
    JSON.parse(e.properties),
  )
  expect(props).toEqual([{ Name: 'Before' }, { Name: 'After', channel: 'web' }])

  // A code that throws keeps the event as sent and records the error.
  await oneTransformation.PATCH(
    ajaxRequest(`/ajax/cdp/transformations/${id}`, {
      method: 'PATCH',
      cookie: a.cookie,
      body: { sourceCode: 'function transform(event) { throw new Error("bad day") }' },
    }),
    params({ id }),
  )
  expect((await send({ Name: 'Kept' })).status).toBe(202)
  await runJobsUntilIdle()
  expect(await db.event.count({ where: { companyId: a.companyId } })).toBe(3)
  const runs = await json(
    await oneTransformation.GET(ajaxRequest(`/ajax/cdp/transformations/${id}`, { cookie: a.cookie }), params({ id })),
  )
  expect(runs.body.runs.map((r: { status: string }) => r.status)).toEqual(['error', 'dropped'])
  expect(runs.body.runs[0].error).toBe('Error: bad day')

  // Another company's transformation is not found, and its events are not touched.
  const b = await account()
  expect(
    (await oneTransformation.GET(ajaxRequest(`/ajax/cdp/transformations/${id}`, { cookie: b.cookie }), params({ id })))
      .status,
  ).toBe(404)
  forgetTransformations()
})

test('runs older than 30 days are pruned; recent and pending ones stay', async () => {
  const a = await account()
  const old = new Date(Date.now() - 31 * 86_400_000)
  const base = { companyId: a.companyId, functionId: 'F-prune', status: 'ok' }
  await db.codeFunctionInvocation.createMany({
    data: [
      { ...base, id: 'old-ok', eventId: 1, createdAt: old },
      { ...base, id: 'old-pending', eventId: 2, status: 'pending', createdAt: old },
      { ...base, id: 'new-ok', eventId: 3 },
    ],
  })
  await pruneCodeRuns(new Date())
  const left = await db.codeFunctionInvocation.findMany({ where: { functionId: 'F-prune' }, orderBy: { id: 'asc' } })
  expect(left.map((r) => r.id)).toEqual(['new-ok', 'old-pending'])
})
