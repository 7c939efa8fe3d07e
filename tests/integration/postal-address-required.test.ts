/** @jest-environment node */
// Marketing email needs the organization's postal address (issue 30 §8, item 2; CAN-SPAM): the
// campaign review lists its absence as a problem (linked to the organization settings), sending
// is refused with that field, a flow with marketing email shows it as an issue, and the delivery
// pipeline skips marketing email of a company without one (reason no_postal_address) while
// transactional mail still goes. The footer names the organization once.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import * as campaignsRoute from '@/app/ajax/campaigns/route'
import * as wContent from '@/app/ajax/campaign-wizard/[id]/content/route'
import * as wSchedule from '@/app/ajax/campaign-wizard/[id]/schedule/route'
import { GET as wReview } from '@/app/ajax/campaign-wizard/[id]/review/route'
import { createSends, type CreateSendsInput } from '@/lib/messaging/create-sends'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { flowIssues } from '@/lib/flows/ajax/flows-issues'
import type { FlowDefinition } from '@/lib/flows/definition'
import { ulid } from '@/lib/ids/make-id'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { list, profiles, template } from '../helpers/campaigns-engine-fixture'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
async function call(h: Handler, method: string, id: string | null, cookie: string, body?: unknown) {
  const res = await h(ajaxRequest('/ajax/campaign/x', { method, cookie, body }), params(id ? { id } : {}))
  const text = await res.text()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  return { status: res.status, json: (text ? JSON.parse(text) : null) as any }
}

const ADDRESS = { addressLine1: '1 Main Street', city: 'Portland', country: 'US' }

let info: jest.SpyInstance
beforeEach(() => {
  delete process.env.SMTP_URL
  info = jest.spyOn(console, 'info').mockImplementation(() => {})
})
afterEach(() => info.mockRestore())

test('campaign review lists the missing address and sending is refused until it is set', async () => {
  const { id: A } = await makeCompany('No Address Shop', { postalAddress: false })
  const cookie = await signIn((await makeUser({ companyId: A })).id, A)
  const listA = await list(A)
  await profiles(A, 2, [listA])
  const tpl = await template(A, '<p>Hi</p> {% unsubscribe %}')
  const created = await call(campaignsRoute.POST, 'POST', null, cookie, {
    name: 'Sale',
    channel: 'email',
    audiences: { included: [listA], excluded: [] },
  })
  const c = created.json.campaign as { id: string; messages: Array<{ id: string }> }
  await call(wContent.POST, 'POST', c.id, cookie, {
    messageId: c.messages[0]!.id,
    content: { subject: 'Sale' },
    templateId: tpl,
  })

  const review = await call(wReview, 'GET', c.id, cookie)
  expect(review.json.problems).toEqual([
    { field: 'organization.address', message: expect.stringMatching(/postal address/) },
  ])
  const refused = await call(wSchedule.POST, 'POST', c.id, cookie, {
    sendStrategy: { method: 'immediate' },
    send: true,
  })
  expect(refused.status).toBe(400)
  expect(Object.keys(refused.json.fieldErrors)).toEqual(['organization.address'])
  expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('Draft')

  await db.company.update({ where: { id: A }, data: ADDRESS })
  expect((await call(wReview, 'GET', c.id, cookie)).json.problems).toEqual([])
  const sent = await call(wSchedule.POST, 'POST', c.id, cookie, { sendStrategy: { method: 'immediate' }, send: true })
  expect(sent.status).toBe(200)
})

test('the pipeline skips marketing email without an address, sends transactional mail, and the footer names the shop once', async () => {
  const { id: A } = await makeCompany('Footer Shop', { postalAddress: false })
  const p = (await upsertProfile(A, { email: 'ada@x.test' }, { mode: 'import' })).profile.id
  const input = (over: Partial<CreateSendsInput>): CreateSendsInput => ({
    companyId: A,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId: ulid(),
    content: {
      subject: 'Hi',
      html: '<p>Hi</p><p>{{ organization.name }} · {% organization_address %}</p>',
      fromEmail: 'news@shop.test',
    },
    recipients: [{ profileId: p }],
    ...over,
  })
  const marketing = input({})
  const receipt = input({ sourceType: 'transactional', transactional: true })
  await createSends(marketing)
  await createSends(receipt)
  await runJobsUntilIdle()
  const [m] = await db.send.findMany({ where: { companyId: A, sourceId: marketing.sourceId } })
  expect(m).toMatchObject({ status: 'skipped', reason: 'no_postal_address' })
  const [r] = await db.send.findMany({ where: { companyId: A, sourceId: receipt.sourceId } })
  expect(r!.status).toBe('sent')

  await db.company.update({ where: { id: A }, data: { ...ADDRESS, addressRegion: 'OR', postalCode: '97201' } })
  const later = input({})
  await createSends(later)
  await runJobsUntilIdle()
  const [s] = await db.send.findMany({ where: { companyId: A, sourceId: later.sourceId } })
  expect(s!.status).toBe('sent')
  const mail = await db.outboxMail.findFirstOrThrow({ where: { companyId: A, sendId: s!.id } })
  expect(mail.html).toContain('Footer Shop · 1 Main Street, Portland, OR 97201, US')
  expect(mail.html).not.toContain('Footer Shop · Footer Shop')
})

test('a flow with marketing email shows the missing address as an issue; transactional-only flows do not', async () => {
  const { id: A } = await makeCompany('Flow Shop', { postalAddress: false })
  const def = (transactional: boolean) =>
    ({
      version: 1,
      triggers: [],
      profile_filter: null,
      entry_action_id: 'a1',
      actions: [
        {
          id: 'a1',
          type: 'send-email',
          links: { next: null },
          data: { status: 'live', message: { name: 'Welcome', template_id: null, transactional } },
        },
      ],
    }) as unknown as FlowDefinition
  const flow = { id: 'F1', status: 2 }
  const marketing = await flowIssues(A, flow, def(false))
  expect(marketing).toContainEqual({
    type: 'non_compliant',
    message: expect.stringMatching(/postal address/),
    pointer: '/actions/0',
  })
  expect((await flowIssues(A, flow, def(true))).some((i) => /postal address/.test(i.message))).toBe(false)
  await db.company.update({ where: { id: A }, data: ADDRESS })
  expect((await flowIssues(A, flow, def(false))).some((i) => /postal address/.test(i.message))).toBe(false)
})
