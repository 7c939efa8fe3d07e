/** @jest-environment node */
// The code action: the sandbox itself (QuickJS compiled to WebAssembly in a worker thread) stops
// an infinite loop and a memory bomb with clear messages, offers no require/fetch/process/file
// system, and refuses to run when the WebAssembly module cannot load; through the real engine a
// code step parks the run, the 'flows.code' job runs it and resumes the run, the returned
// properties land on the profile and the value in the step; a code over its limits fails its
// step and the run goes on. Then the /ajax code calls and the WhatsApp vendor template (seed 002
// §7.6), incl. another company.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(90_000)

import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { flowDefinition, type FlowAction, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowVersionDefinition } from '@/lib/flows/store'
import { enterFlow, prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import {
  CODE_MESSAGES,
  runSandboxedCode,
  setSandboxWorkerSourceForTests,
  stopSandbox,
} from '@/lib/flows/sandbox/run-code'
import { runCodeStep } from '@/lib/flows/sandbox/code-job'
import { actionOutputSplitExecutor } from '@/lib/flows/sandbox/action-output-split'
import { inWriteTx } from '@/lib/db/ops'
import * as configuration from '@/app/ajax/flow/code/[id]/configuration/route'
import * as bootstrap from '@/app/ajax/flow/code/[id]/bootstrap/route'
import * as codeName from '@/app/ajax/flow/code/[id]/name/route'
import * as codeTest from '@/app/ajax/flow/code/[id]/test/route'
import * as whatsappTemplate from '@/app/ajax/flow/message/[id]/whatsapp-template/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

let A: number, B: number, cookieA: string, cookieB: string
beforeAll(async () => {
  A = (await makeCompany('Code A')).id
  B = (await makeCompany('Code B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  await prepareFlowJobs()
})
afterAll(() => stopSandbox())

const input = {
  profile: { email: 'ada@example.test', first_name: 'ada' },
  event: { $value: 150, Items: [1, 2, 3] },
  flow: { id: 'F', name: 'Flow' },
}

describe('the sandbox', () => {
  test('returns JSON results: a return, main(input), an async function', async () => {
    expect(
      await runSandboxedCode('return { properties: { vip: event.$value > 100 }, value: profile.email }', input),
    ).toMatchObject({ ok: true, output: { properties: { vip: true }, value: 'ada@example.test' } })
    expect(await runSandboxedCode('function main(i) { return i.event.Items.length }', input)).toMatchObject({
      ok: true,
      output: 3,
    })
    expect(await runSandboxedCode('return (async () => { await null; return "later" })()', input)).toMatchObject({
      ok: true,
      output: 'later',
    })
  })

  test('an infinite loop is stopped after 1 second', async () => {
    const t = Date.now()
    const r = await runSandboxedCode('while (true) {}', input)
    expect(r).toMatchObject({ ok: false, kind: 'timeout', error: 'The code ran longer than 1 second.' })
    expect(Date.now() - t).toBeLessThan(3000)
    // The sandbox still works afterwards.
    expect(await runSandboxedCode('return 1 + 1', input)).toMatchObject({ ok: true, output: 2 })
  })

  test('a built-in that never reaches the interrupt handler is stopped by the host (the thread is replaced)', async () => {
    const t = Date.now()
    const r = await runSandboxedCode('const a = []; while (true) a.push("x".repeat(1 << 20))', input)
    expect(r.ok).toBe(false)
    expect([CODE_MESSAGES.timeout, CODE_MESSAGES.memory]).toContain((r as { error: string }).error)
    expect(Date.now() - t).toBeLessThan(4000)
    expect(await runSandboxedCode('return "alive"', input)).toMatchObject({ ok: true, output: 'alive' })
  })

  test('a memory bomb is stopped at 16 MB', async () => {
    expect(await runSandboxedCode('const a = new Array(4e6).fill(1.5); return a.length', input)).toMatchObject({
      ok: false,
      kind: 'memory',
      error: 'The code used more than 16 MB.',
    })
    expect(
      await runSandboxedCode('const b = new ArrayBuffer(64 * 1024 * 1024); return b.byteLength', input),
    ).toMatchObject({ ok: false, kind: 'memory' })
  })

  test('no host objects: require, import, fetch, process, timers, WebAssembly and the file system are absent', async () => {
    const r = await runSandboxedCode(
      'return [typeof require, typeof fetch, typeof process, typeof setTimeout, typeof XMLHttpRequest, typeof WebAssembly, typeof std, typeof os, typeof Deno, typeof Bun, typeof globalThis.global]',
      input,
    )
    expect(r).toMatchObject({ ok: true, output: Array(11).fill('undefined') })
    expect(await runSandboxedCode('return require("fs").readFileSync("/etc/passwd", "utf8")', input)).toMatchObject({
      ok: false,
      kind: 'error',
      error: expect.stringMatching(/require/),
    })
    const imp = await runSandboxedCode('return import("fs")', input)
    expect(imp.ok).toBe(false)
    expect(
      await runSandboxedCode(
        'return this === undefined && Object.keys(globalThis).filter((k) => !k.startsWith("__")).length',
        input,
      ),
    ).toMatchObject({ ok: true, output: 0 })
  })

  test('errors of the code come back as its message; a huge result is refused', async () => {
    expect(await runSandboxedCode('throw new TypeError("no total")', input)).toMatchObject({
      ok: false,
      kind: 'error',
      error: 'TypeError: no total',
    })
    expect(await runSandboxedCode('function f() { return f() } return f()', input)).toMatchObject({
      ok: false,
      kind: 'error',
      error: 'InternalError: stack overflow',
    })
    expect(await runSandboxedCode('return "y".repeat(70000)', input)).toMatchObject({
      ok: false,
      kind: 'output',
      error: CODE_MESSAGES.output,
    })
  })

  test('refuses to run when the WebAssembly module cannot load', async () => {
    setSandboxWorkerSourceForTests(
      `require('node:worker_threads').parentPort.postMessage({ type: 'unavailable', error: 'wasm missing' })`,
    )
    try {
      expect(await runSandboxedCode('return 1', input)).toMatchObject({
        ok: false,
        kind: 'unavailable',
        error: CODE_MESSAGES.unavailable,
      })
    } finally {
      setSandboxWorkerSourceForTests(null)
    }
    expect(await runSandboxedCode('return 1', input)).toMatchObject({ ok: true, output: 1 })
  })
})

// ---- through the engine ----

let seq = 0
async function profile(companyId = A) {
  const id = `PC${++seq}x${Math.random().toString(36).slice(2, 8)}`
  await db.profile.create({
    data: {
      id,
      companyId,
      email: `${id}@example.test`,
      firstName: 'ada',
      properties: JSON.stringify({ keep: 1, drop: 2 }),
    },
  })
  return id
}
async function codeFlow(source: string, companyId = A) {
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: 'c',
    actions: [
      {
        temporary_id: 'c',
        type: 'code',
        links: { next: 'u' },
        data: { name: 'Score', source_code: source, runtime: 'javascript' },
      },
      {
        temporary_id: 'u',
        type: 'update-profile',
        links: { next: null },
        data: {
          status: 'live',
          profile_operations: [
            { operator: 'update', property_type: 'boolean', property_key: 'after_code', property_value: true },
          ],
        },
      },
    ],
  }) as FlowDefinition
  const id = await createFlow(companyId, { name: 'Code flow', definition: def, status: 'live' })
  const stored = (await getFlowVersionDefinition(companyId, id))!
  await db.flowAction.updateMany({ where: { flowId: id }, data: { status: 'live' } })
  return { id, codeId: stored.actions[0]!.id!, nextId: stored.actions[1]!.id! }
}
const enter = async (flowId: string, profileId: string, companyId = A) =>
  (await enterFlow({
    companyId,
    flowId,
    profileId,
    entryKey: `k:${Math.random()}`,
    triggerKind: 'metric',
    now: new Date(),
    triggerEvent: {
      id: 9,
      metricId: null,
      metric: 'Placed Order',
      properties: { Items: ['a', 'b', 'c'] },
      time: new Date().toISOString(),
      value: 150,
    },
  }))!.runId
const props = async (id: string) =>
  JSON.parse((await db.profile.findUniqueOrThrow({ where: { id } })).properties) as Record<string, unknown>

test('a code step parks the run, the job runs the code and resumes it; properties set, value kept, next step runs', async () => {
  const { id, codeId, nextId } = await codeFlow(
    'return { properties: { vip: event.$value > 100, items: event.Items.length, first: profile.first_name.toUpperCase(), drop: null }, value: "vip" }',
  )
  const p = await profile()
  const runId = await enter(id, p)
  await drainFlowRuns()
  expect(await db.flowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
    status: 'waiting',
    currentActionId: codeId,
  })
  expect(await db.flowStep.findFirstOrThrow({ where: { runId, actionId: codeId } })).toMatchObject({
    status: 'waiting',
  })
  expect(await db.flowCodeResult.findUniqueOrThrow({ where: { stepKey: `${runId}:${codeId}` } })).toMatchObject({
    status: 'pending',
    companyId: A,
  })

  await runJobsUntilIdle() // flows.code, then the flows.advance it leaves
  await drainFlowRuns()
  expect(await db.flowCodeResult.findUniqueOrThrow({ where: { stepKey: `${runId}:${codeId}` } })).toMatchObject({
    status: 'ok',
  })
  const step = await db.flowStep.findFirstOrThrow({ where: { runId, actionId: codeId } })
  expect(step).toMatchObject({ status: 'done', outcome: 'ok' })
  expect(JSON.parse(step.detail!)).toMatchObject({ output: 'vip', properties: ['vip', 'items', 'first', 'drop'] })
  expect(await props(p)).toEqual({ keep: 1, vip: true, items: 3, first: 'ADA', after_code: true })
  expect(await db.flowStep.findFirstOrThrow({ where: { runId, actionId: nextId } })).toMatchObject({ status: 'done' })
  expect(await db.flowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: 'completed' })

  // A repeated job neither reruns the code nor moves the finished run.
  expect(await runCodeStep({ companyId: A, stepKey: `${runId}:${codeId}` })).toBe('already')
  expect(await runCodeStep({ companyId: B, stepKey: `${runId}:${codeId}` })).toBe('missing')
  expect(await db.flowRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: 'completed' })
})

test('a code over its time limit fails its step with the message and the run goes on', async () => {
  const { id, codeId, nextId } = await codeFlow('while (true) {}')
  const p = await profile()
  const runId = await enter(id, p)
  await drainFlowRuns()
  await runJobsUntilIdle()
  await drainFlowRuns()
  const step = await db.flowStep.findFirstOrThrow({ where: { runId, actionId: codeId } })
  expect(step).toMatchObject({ status: 'failed', outcome: 'code_error' })
  expect(JSON.parse(step.detail!).reason).toBe('The code ran longer than 1 second.')
  expect(await db.flowStep.findFirstOrThrow({ where: { runId, actionId: nextId } })).toMatchObject({ status: 'done' })
  expect(await props(p)).toEqual({ keep: 1, drop: 2, after_code: true })
})

test('an action-output split branches on the value a code step returned in the same run', async () => {
  const { id, codeId } = await codeFlow('return { value: { segment: "vip", score: 87 } }')
  const runId = await enter(id, await profile())
  await drainFlowRuns()
  await runJobsUntilIdle()
  await drainFlowRuns()
  const split = (conditions: unknown[]) =>
    ({
      id: '999',
      type: 'action-output-split',
      links: { next_if_true: 'yes', next_if_false: 'no' },
      data: { action_output_filter: { condition_groups: [{ conditions }] } },
    }) as unknown as FlowAction
  const run = (action: FlowAction) =>
    inWriteTx(() =>
      actionOutputSplitExecutor({
        companyId: A,
        flowId: id,
        version: 1,
        definition: { triggers: [], actions: [], entry_action_id: null },
        runId,
        profileId: 'x',
        action,
        actionStatus: 'live',
        webhookSecret: '',
        triggerKind: 'metric',
        triggerEvent: null,
        enteredAt: new Date(),
        now: new Date(),
        stepKey: `${runId}:999`,
      }),
    )
  const cond = (field: string, filter: unknown) => ({
    type: 'action-output',
    output_config_id: Number(codeId),
    field,
    filter,
  })
  expect(await run(split([cond('segment', { type: 'string', operator: 'equals', value: 'VIP' })]))).toMatchObject({
    kind: 'next',
    next: 'yes',
    outcome: 'true',
  })
  expect(await run(split([cond('score', { type: 'numeric', operator: 'greater-than', value: 90 })]))).toMatchObject({
    next: 'no',
    outcome: 'false',
  })
  expect(
    await run(
      split([
        cond('score', { type: 'numeric', operator: 'greater-than', value: 90 }),
        cond('segment', { type: 'existence', operator: 'is-set' }),
      ]),
    ),
  ).toMatchObject({ next: 'yes' })
  // Another run's output is not this run's.
  const other = await enter(id, await profile())
  expect(
    await inWriteTx(() =>
      actionOutputSplitExecutor({
        companyId: A,
        flowId: id,
        version: 1,
        definition: { triggers: [], actions: [], entry_action_id: null },
        runId: other,
        profileId: 'x',
        action: split([cond('segment', { type: 'existence', operator: 'is-set' })]),
        actionStatus: 'live',
        webhookSecret: '',
        triggerKind: 'metric',
        triggerEvent: null,
        enteredAt: new Date(),
        now: new Date(),
        stepKey: `${other}:999`,
      }),
    ),
  ).toMatchObject({ next: 'no' })
})

// ---- /ajax ----

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
async function call(h: Handler, method: string, id: string, body?: unknown, cookie = cookieA) {
  const res = await h(ajaxRequest('/ajax/flow/x', { method, cookie, body }), params({ id }))
  return { status: res.status, json: await res.json() }
}

test('/ajax code configuration, bootstrap and name; bad code is a 400; another company gets 404', async () => {
  const { id, codeId } = await codeFlow('return 1')
  const got = await call(configuration.GET, 'GET', codeId)
  expect(got).toMatchObject({
    status: 200,
    json: {
      actionId: codeId,
      flowId: id,
      sourceCode: 'return 1',
      runtime: 'javascript',
      recipeId: null,
      name: 'Score',
    },
  })

  const v0 = (await db.flow.findUniqueOrThrow({ where: { id } })).currentVersion
  const saved = await call(configuration.POST, 'POST', codeId, {
    sourceCode: 'return { value: 2 }',
    recipeId: 'output-only',
  })
  expect(saved.status).toBe(200)
  expect(saved.json).toMatchObject({ sourceCode: 'return { value: 2 }', recipeId: 'output-only', version: v0 + 1 })
  expect((await call(configuration.GET, 'GET', codeId)).json.sourceCode).toBe('return { value: 2 }')

  const syntax = await call(configuration.POST, 'POST', codeId, { sourceCode: 'return {' })
  expect(syntax.status).toBe(400)
  expect(syntax.json.fieldErrors.sourceCode[0]).toMatch(/SyntaxError/)
  const big = await call(configuration.POST, 'POST', codeId, { sourceCode: 'x'.repeat(70_000) })
  expect(big.json.fieldErrors.sourceCode).toEqual(['The code is larger than 64 KB.'])
  expect(
    (await call(configuration.POST, 'POST', codeId, { sourceCode: 'return 1', runtime: 'python' })).json.fieldErrors
      .runtime,
  ).toEqual(['The runtime must be javascript.'])
  expect(
    (await call(configuration.POST, 'POST', codeId, { sourceCode: 'return 1', recipeId: 'nope' })).json.fieldErrors
      .recipeId,
  ).toEqual(['Unknown recipe.'])
  expect((await db.flow.findUniqueOrThrow({ where: { id } })).currentVersion).toBe(v0 + 1)

  setSandboxWorkerSourceForTests(
    `require('node:worker_threads').parentPort.postMessage({ type: 'unavailable', error: 'wasm missing' })`,
  )
  try {
    const refused = await call(configuration.POST, 'POST', codeId, { sourceCode: 'return 3' })
    expect(refused).toMatchObject({
      status: 400,
      json: { error: 'sandbox_unavailable', message: CODE_MESSAGES.unavailable },
    })
  } finally {
    setSandboxWorkerSourceForTests(null)
  }

  const boot = await call(bootstrap.GET, 'GET', codeId)
  expect(boot.json.limits).toEqual({
    timeMs: 1000,
    memoryBytes: 16 * 1024 * 1024,
    sourceBytes: 65536,
    outputBytes: 65536,
  })
  expect(boot.json.recipes.map((r: { id: string }) => r.id)).toContain('vip-flag')
  expect(boot.json.runtime).toBe('javascript')
  // Every recipe compiles and runs in the sandbox.
  for (const r of boot.json.recipes as Array<{ sourceCode: string }>)
    expect((await runSandboxedCode(r.sourceCode, input)).ok).toBe(true)

  expect((await call(codeName.POST, 'POST', codeId, { name: 'VIP score' })).status).toBe(200)
  expect((await call(configuration.GET, 'GET', codeId)).json.name).toBe('VIP score')
  expect((await call(codeName.POST, 'POST', codeId, { name: '' })).status).toBe(400)

  for (const [h, m, body] of [
    [configuration.GET, 'GET', undefined],
    [configuration.POST, 'POST', { sourceCode: 'return 0' }],
    [bootstrap.GET, 'GET', undefined],
    [codeName.POST, 'POST', { name: 'Mine' }],
  ] as const) {
    expect((await call(h, m, codeId, body, cookieB)).status).toBe(404)
  }
  expect((await call(configuration.GET, 'GET', codeId)).json).toMatchObject({
    name: 'VIP score',
    sourceCode: 'return { value: 2 }',
  })
  // An action of another type is not a code action.
  const other = await db.flowAction.findFirstOrThrow({ where: { flowId: id, actionType: 'update-profile' } })
  expect((await call(configuration.GET, 'GET', other.id)).status).toBe(404)
})

test('/ajax code test run for a sample profile: output or the limit message; nothing written; another company gets 404', async () => {
  const { codeId } = await codeFlow('return { value: profile.first_name + "!" }')
  const p = await profile()
  const saved = await call(codeTest.POST, 'POST', codeId, { profileId: p })
  expect(saved).toMatchObject({ status: 200, json: { profileId: p, result: { ok: true, output: { value: 'ada!' } } } })
  expect(saved.json.input.profile).toMatchObject({ id: p, first_name: 'ada', keep: 1 })
  const loop = await call(codeTest.POST, 'POST', codeId, { sourceCode: 'for (;;) {}', profileId: p })
  expect(loop.json.result).toMatchObject({ ok: false, error: 'The code ran longer than 1 second.' })
  expect(await props(p)).toEqual({ keep: 1, drop: 2 })
  expect(await db.flowCodeResult.count({ where: { actionId: codeId } })).toBe(0)
  expect((await call(codeTest.POST, 'POST', codeId, { profileId: p }, cookieB)).status).toBe(404)
  expect((await call(codeTest.POST, 'POST', codeId, { profileId: await profile(B) })).status).toBe(404)
})

test('/ajax WhatsApp vendor template of a message; not for other channels; another company gets 404', async () => {
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: 'w',
    actions: [
      {
        temporary_id: 'w',
        type: 'send-whatsapp',
        links: { next: 'h' },
        data: { status: 'draft', message: { name: 'WA', vendor_id: null } },
      },
      {
        temporary_id: 'h',
        type: 'send-webhook',
        links: { next: null },
        data: { status: 'draft', message: { url: 'https://example.test/hook', body: '{}' } },
      },
    ],
  }) as FlowDefinition
  const flowId = await createFlow(A, { name: 'WA flow', definition: def })
  const wa = await db.flowMessage.findFirstOrThrow({ where: { flowId, channel: 'whatsapp' } })
  const hook = await db.flowMessage.findFirstOrThrow({ where: { flowId, channel: 'webhook' } })
  const r = await call(whatsappTemplate.POST, 'POST', wa.id, { vendorReferenceId: 'order_shipped_v2' })
  expect(r).toMatchObject({
    status: 200,
    json: { messageId: wa.id, vendorReferenceId: 'order_shipped_v2', version: 2 },
  })
  expect(JSON.parse((await db.flowMessage.findUniqueOrThrow({ where: { id: wa.id } })).definition).vendor_id).toBe(
    'order_shipped_v2',
  )
  expect((await call(whatsappTemplate.POST, 'POST', wa.id, {})).json.fieldErrors.vendorReferenceId).toBeDefined()
  expect((await call(whatsappTemplate.POST, 'POST', hook.id, { vendorReferenceId: 'x' })).status).toBe(400)
  expect((await call(whatsappTemplate.POST, 'POST', wa.id, { vendorReferenceId: 'stolen' }, cookieB)).status).toBe(404)
  expect(JSON.parse((await db.flowMessage.findUniqueOrThrow({ where: { id: wa.id } })).definition).vendor_id).toBe(
    'order_shipped_v2',
  )
})
