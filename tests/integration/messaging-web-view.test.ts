/** @jest-environment node */
// "View in browser": the {% web_view_link %} of a sent email opens that email, rendered for its
// recipient, through the real route handler; a forged, altered or foreign token shows nothing.
import { useTestDatabase } from '../helpers/test-db'
import { db } from '@/lib/db/client'
import { makeCompany } from '../helpers/factory'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { createSends } from '@/lib/messaging/create-sends'
import { webViewToken } from '@/lib/messaging/web-view-link'
import { ulid } from '@/lib/ids/make-id'
import { GET } from '@/app/messages/[token]/route'

useTestDatabase()
jest.setTimeout(30_000)

const open = (token: string) =>
  GET(new Request('http://localhost/messages/' + token), { params: Promise.resolve({ token }) })

async function sendOne(companyId: number, firstName: string) {
  const profileId = (
    await upsertProfile(companyId, { email: `${firstName.toLowerCase()}@x.test`, firstName }, { mode: 'import' })
  ).profile.id
  const sourceId = ulid()
  await createSends({
    companyId,
    channel: 'email',
    sourceType: 'campaign_message',
    sourceId,
    content: {
      subject: 'News',
      html: '<p>Hi {{ first_name }}, order {{ event.order_id }}. <a href="{% web_view_link %}">View</a></p>',
      fromEmail: 'news@shop.example.test',
    },
    recipients: [{ profileId, context: { event: { order_id: 'A-7' } } }],
  })
  await runJobsUntilIdle()
  const send = await db.send.findFirstOrThrow({ where: { companyId, sourceId } })
  const box = await db.outboxMail.findFirstOrThrow({ where: { companyId, sendId: send.id } })
  return { send, box }
}

test('the link in the sent email opens it, rendered for its recipient with its context, in a sandbox', async () => {
  const { id: cid } = await makeCompany()
  const { send, box } = await sendOne(cid, 'Ada')
  const link = /href="([^"]*\/messages\/[^"]+)"/.exec(box.html!)?.[1]
  expect(link).toBeDefined()
  const token = decodeURIComponent(new URL(link!.replace(/&amp;/g, '&')).pathname.split('/').pop()!)
  expect(token).toBe(webViewToken(cid, send.id))
  const res = await open(token)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/text\/html/)
  expect(res.headers.get('content-security-policy')).toMatch(/sandbox/)
  expect(await res.text()).toContain('Hi Ada, order A-7.')
})

test("a forged, altered or foreign token shows nothing (404), and never another company's email", async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const { send: sendA } = await sendOne(a.id, 'Ada')
  await sendOne(b.id, 'Bob')
  const good = webViewToken(a.id, sendA.id)
  // Same send id under the other company, the send id alone, a changed signature, junk.
  const [, , sig] = good.split('.')
  for (const bad of [
    `${b.id}.${sendA.id}.${sig}`,
    sendA.id,
    good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA'),
    'x'.repeat(300),
    '..',
  ]) {
    const res = await open(bad)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('Hi ')
  }
  // A genuine token for company B's id space does not find company A's send.
  const res = await open(webViewToken(b.id, sendA.id))
  expect(res.status).toBe(404)
})
