/** @jest-environment node */
// Kill test (issue 30, worker-kill tests): a code function's invocation runs exactly once under a
// crash. A worker process runs the 'cdp.function' job (the sandbox runs the code, the invocation
// is finished and the profile properties it returned are set) and is killed with SIGKILL after
// that commit, before the job is completed. Once the dead worker's lease ends a fresh worker runs
// the job again: it finds the invocation finished, so the code's effect exists once (one
// invocation, its logs once, the profile's counter at 1) and the job ends done.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import { db } from '@/lib/db/client'
import { ingestEvents } from '@/lib/events/ingest-events'
import { jobQueue } from '@/lib/jobs/queue'
import { FUNCTION_JOB } from '@/lib/cdp-code/function-job-types'
import * as functions from '@/app/ajax/cdp/code/functions/route'
import * as authorization from '@/app/ajax/cdp/code/authorization/route'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { startWorkerChild, stopAll } from '../helpers/kill-harness'
import { queuedJobs } from '../helpers/queued-jobs'
import { waitFor } from '../helpers/wait-for'

beforeAll(() => jobQueue().prepare())
afterEach(stopAll)

test('SIGKILL after the invocation is finished, before the job completes: a restart runs nothing twice', async () => {
  const company = await makeCompany('Function kill')
  const cookie = await signIn((await makeUser({ companyId: company.id, role: 'owner' })).id, company.id)
  const post = (path: string, body: unknown) => ajaxRequest(path, { method: 'POST', cookie, body })
  expect((await authorization.POST(post('/ajax/cdp/code/authorization', {}))).status).toBe(200)
  const created = await functions.POST(
    post('/ajax/cdp/code/functions', {
      name: 'Count runs',
      triggerMetric: 'Placed Order',
      sourceCode: 'console.log("run", event.value)\nreturn { properties: { runs: (profile.runs || 0) + 1 } }',
      enabled: true,
    }),
  )
  expect(created.status).toBe(201)
  await ingestEvents(company.id, [
    {
      metric: { name: 'Placed Order' },
      profile: { email: 'kill@example.test' },
      properties: { total: 80 },
      value: 80,
      uniqueId: 'kill-1',
    },
  ])
  const invocation = () => db.codeFunctionInvocation.findMany({ where: { companyId: company.id } })
  const jobs = () => queuedJobs({ companyId: company.id, type: FUNCTION_JOB })
  expect((await invocation()).map((i) => i.status)).toEqual(['pending'])

  // The victim: a short lease, so the survivor may take the job soon after the kill.
  const victim = startWorkerChild({ WORKER_ID: 'victim', HANG_AFTER_JOB: FUNCTION_JOB, VISIBILITY_MS: '2000' })
  await waitFor(() => victim.output().includes(`committed ${FUNCTION_JOB}`), {
    timeout: 60_000,
    what: 'the victim to finish the invocation',
    detail: victim.output,
  })
  await victim.kill()

  // At the kill: the effect committed, the job still leased to the dead worker.
  const [finished] = await invocation()
  expect(finished).toMatchObject({ status: 'ok', logs: 'info run 80' })
  const [leased] = await jobs()
  expect(leased).toMatchObject({ status: 'running', attempts: 1 })

  const survivor = startWorkerChild({ WORKER_ID: 'survivor' })
  await waitFor(async () => (await jobs()).every((j) => j.status === 'done'), {
    timeout: 60_000,
    what: 'the job to complete',
    detail: survivor.output,
  })

  const [after] = await jobs()
  expect(after!.attempts).toBe(2) // it did run again, and found the invocation finished
  expect(await invocation()).toEqual([finished])
  const profile = await db.profile.findFirstOrThrow({ where: { companyId: company.id, email: 'kill@example.test' } })
  expect(JSON.parse(profile.properties)).toMatchObject({ runs: 1 })
})
