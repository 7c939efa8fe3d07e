/** @jest-environment node */
// Kill test (issue 30, worker-kill tests): a private reply to a review is mailed exactly once
// under a crash. The reply and its Send are written by the request; a worker process runs the
// send pipeline's delivery job, which mails the reply (the local outbox) and marks the Send sent,
// and is killed with SIGKILL after that commit, before the job is completed. Once the dead
// worker's lease ends a fresh worker runs the job again: it finds the Send sent and mails nothing
// more, and the job ends done.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import { db } from '@/lib/db/client'
import { setFeatureFlag } from '@/lib/flags/get-feature-flags'
import { ulid } from '@/lib/ids/make-id'
import { jobQueue } from '@/lib/jobs/queue'
import { DELIVER_JOB } from '@/lib/messaging/create-sends'
import * as repliesRoute from '@/app/ajax/reviews/[id]/replies/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { startWorkerChild, stopAll } from '../helpers/kill-harness'
import { queuedJobs } from '../helpers/queued-jobs'
import { waitFor } from '../helpers/wait-for'

beforeAll(async () => {
  delete process.env.SMTP_URL // the local outbox, in the worker processes too
  await jobQueue().prepare()
})
afterEach(stopAll)

test('SIGKILL after the reply is mailed, before the delivery job completes: a restart mails nothing more', async () => {
  const companyId = (await makeCompany('Reply kill')).id
  await setFeatureFlag(companyId, 'is_reviews_enabled', true)
  const cookie = await signIn((await makeUser({ companyId })).id, companyId)
  const profile = await db.profile.create({ data: { id: ulid(), companyId, email: 'rae@example.test' } })
  await db.catalogItem.create({ data: { id: 'CUP', companyId, externalId: 'CUP', title: 'Cup' } })
  const reviewId = ulid()
  await db.review.create({
    data: {
      id: reviewId,
      companyId,
      catalogItemId: 'CUP',
      productKey: 'CUP',
      productExternalId: 'CUP',
      rating: 1,
      authorName: 'Rae',
      authorEmail: 'rae@example.test',
      status: 'published',
      body: 'It leaks.',
      profileId: profile.id,
      orderKey: 'o-kill',
    },
  })
  const res = await (repliesRoute.POST as (req: Request, ctx: unknown) => Promise<Response>)(
    ajaxRequest(`/ajax/reviews/${reviewId}/replies`, {
      method: 'POST',
      cookie,
      body: { body: 'We are sending a new one.', visibility: 'private' },
    }),
    params({ id: reviewId }),
  )
  expect(res.status).toBe(201)
  const reply = await db.reviewReply.findFirstOrThrow({ where: { companyId, reviewId } })
  const send = () => db.send.findFirstOrThrow({ where: { companyId, id: reply.sendId! } })
  const mails = () => db.outboxMail.findMany({ where: { companyId } })
  const jobs = () => queuedJobs({ companyId, type: DELIVER_JOB })
  expect(await jobs()).toHaveLength(1)

  const victim = startWorkerChild({ WORKER_ID: 'victim', HANG_AFTER_JOB: DELIVER_JOB, VISIBILITY_MS: '2000' })
  await waitFor(() => victim.output().includes(`committed ${DELIVER_JOB}`), {
    timeout: 60_000,
    what: 'the victim to deliver the reply',
    detail: victim.output,
  })
  await victim.kill()

  // At the kill: the reply mailed and its Send marked, the job still leased to the dead worker.
  expect(await mails()).toHaveLength(1)
  const sent = await send()
  expect(sent.status).toBe('sent')
  expect(await jobs()).toEqual([expect.objectContaining({ status: 'running', attempts: 1 })])

  // The delivery job keeps no row once done: the survivor took its lease over and ran it when the
  // row is gone.
  const survivor = startWorkerChild({ WORKER_ID: 'survivor' })
  await waitFor(async () => (await jobs()).length === 0, {
    timeout: 60_000,
    what: 'the delivery job to complete',
    detail: survivor.output,
  })

  expect(await mails()).toHaveLength(1)
  expect(await send()).toEqual(sent)
})
