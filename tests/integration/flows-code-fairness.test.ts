/** @jest-environment node */
// Issue 29, finding 12: the code sandbox was one queue for every account, without a rate: eight
// loops of one account held another account's run back 7.6 s. Now the accounts take turns (a
// newcomer waits for the run in progress only) and each has a token bucket of sandbox time; past
// it a flows.code job is deferred (the queue retries it), on its last attempt the step fails
// with the reason, and the editor's test run answers 429.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow, getFlowVersionDefinition } from '@/lib/flows/store'
import { enterFlow, prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import { runSandboxedCode, stopSandbox } from '@/lib/flows/sandbox/run-code'
import { CodeRateDeferred, FLOW_CODE_MAX_ATTEMPTS, runCodeStep } from '@/lib/flows/sandbox/code-job'
import { codeRateLimiter, createCodeRateLimiter } from '@/lib/flows/sandbox/code-rate'
import * as codeTest from '@/app/ajax/flow/code/[id]/test/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

afterAll(() => stopSandbox())

test("accounts take turns: one account's queued loops hold another's run back by one run at most", async () => {
  await runSandboxedCode('return 1', {}) // loads the WebAssembly module first
  const LIMIT = 300
  const done: string[] = []
  const loops = Array.from({ length: 6 }, (_, i) =>
    runSandboxedCode('while (true) {}', {}, { timeLimitMs: LIMIT, account: 1 }).then((r) => {
      done.push(`loop${i}`)
      return r
    }),
  )
  const started = Date.now()
  const other = await runSandboxedCode('return "quick"', {}, { account: 2 })
  const waited = Date.now() - started
  done.push('other')
  expect(other).toMatchObject({ ok: true, output: 'quick' })
  // Only the loop already running finished first (one queue: all six, about 1.8 s).
  expect(done.slice(0, 2)).toEqual(['loop0', 'other'])
  expect(waited).toBeLessThan(2 * LIMIT + 250)
  expect((await Promise.all(loops)).every((r) => !r.ok && r.kind === 'timeout')).toBe(true)
})

test('the token bucket: a burst of sandbox time, then the refill rate (injected clock)', () => {
  let now = 1_000_000
  const rate = createCodeRateLimiter({ burstMs: 3000, refillMsPerSecond: 250, now: () => now })
  for (let i = 0; i < 3; i++) {
    expect(rate.waitMs(7)).toBe(0)
    rate.charge(7, 1000)
  }
  expect(rate.waitMs(7)).toBe(4) // empty: the next millisecond of allowance comes in 4 ms
  expect(rate.waitMs(8)).toBe(0) // another account is untouched
  rate.charge(7, 1250) // a run may overdraw by what it took
  expect(rate.waitMs(7)).toBe(5004)
  now += 5004
  expect(rate.waitMs(7)).toBe(0)
  now += 3_600_000
  rate.charge(7, 3000) // a full bucket again after a quiet hour, never more than the burst
  expect(rate.waitMs(7)).toBeGreaterThan(0)
})

describe('past the allowance', () => {
  let A: number
  let cookie: string
  beforeAll(async () => {
    A = (await makeCompany('Code rate')).id
    cookie = await signIn((await makeUser({ companyId: A })).id, A)
    await prepareFlowJobs()
  })

  async function parkedCodeStep(source: string) {
    const def = flowDefinition.parse({
      triggers: [],
      profile_filter: null,
      reentry_criteria: null,
      entry_action_id: 'c',
      actions: [
        {
          temporary_id: 'c',
          type: 'code',
          links: { next: null },
          data: { name: 'Score', source_code: source, runtime: 'javascript' },
        },
      ],
    }) as FlowDefinition
    const flowId = await createFlow(A, { name: 'Rate flow', definition: def, status: 'live' })
    const codeId = (await getFlowVersionDefinition(A, flowId))!.actions[0]!.id!
    await db.flowAction.updateMany({ where: { flowId }, data: { status: 'live' } })
    const profileId = `PR${Math.random().toString(36).slice(2, 10)}`
    await db.profile.create({ data: { id: profileId, companyId: A, email: `${profileId}@example.test` } })
    const runId = (await enterFlow({
      companyId: A,
      flowId,
      profileId,
      entryKey: `k:${Math.random()}`,
      triggerKind: 'metric',
      now: new Date(),
    }))!.runId
    await drainFlowRuns()
    return { runId, stepKey: `${runId}:${codeId}` }
  }

  test('a flows.code job is deferred while the account is over, runs once it has allowance, and fails with the reason on its last attempt', async () => {
    let now = 5_000_000
    const rate = createCodeRateLimiter({ burstMs: 1000, refillMsPerSecond: 100, now: () => now })
    rate.charge(A, 1500)
    const first = await parkedCodeStep('return { value: 1 }')
    await expect(
      runCodeStep({ companyId: A, stepKey: first.stepKey }, { attempt: 1, limiter: rate }),
    ).rejects.toBeInstanceOf(CodeRateDeferred)
    expect(await db.flowCodeResult.findUniqueOrThrow({ where: { stepKey: first.stepKey } })).toMatchObject({
      status: 'pending',
    })
    now += 6000 // 600 ms of allowance back: above zero
    expect(await runCodeStep({ companyId: A, stepKey: first.stepKey }, { attempt: 2, limiter: rate })).toBe('ran')
    expect(await db.flowCodeResult.findUniqueOrThrow({ where: { stepKey: first.stepKey } })).toMatchObject({
      status: 'ok',
    })

    rate.charge(A, 5000)
    const last = await parkedCodeStep('return { value: 2 }')
    expect(
      await runCodeStep({ companyId: A, stepKey: last.stepKey }, { attempt: FLOW_CODE_MAX_ATTEMPTS, limiter: rate }),
    ).toBe('refused')
    const row = await db.flowCodeResult.findUniqueOrThrow({ where: { stepKey: last.stepKey } })
    expect(row).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/^The code was not run: This account has used its share of the code sandbox/),
    })
    expect(await db.flowRun.findUniqueOrThrow({ where: { id: last.runId } })).toMatchObject({ status: 'active' }) // resumed to take the failure
  })

  test("the editor's test run answers 429 with Retry-After once the account is over", async () => {
    const { stepKey } = await parkedCodeStep('return 1')
    const codeId = stepKey.split(':')[1]!
    codeRateLimiter.charge(A, 20_000)
    const res = await (codeTest.POST as (r: Request, c: unknown) => Promise<Response>)(
      ajaxRequest(`/ajax/flow/code/${codeId}/test`, { method: 'POST', cookie, body: { sourceCode: 'return 1' } }),
      params({ id: codeId }),
    )
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await res.json()).message).toMatch(/share of the code sandbox/)
  })
})
