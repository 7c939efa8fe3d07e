/** @jest-environment node */
// Issue 27: /message/flow-message/web-view/{recipientId} reads one recipient's flow email through
// GET /ajax/messages/flow-message/web-view. The recipient id is the send's signed token: a forged
// one, another company's, a campaign's send or a bare send id is a 404; a role without campaign
// access is refused.
import { useTestDatabase } from '../helpers/test-db'
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import { createSends } from '@/lib/messaging/create-sends'
import { flowMessageRecipientId } from '@/lib/messaging/flow-message-web-view'
import { ulid } from '@/lib/ids/make-id'
import { GET } from '@/app/ajax/messages/flow-message/web-view/route'

useTestDatabase()
jest.setTimeout(30_000)

async function sendOne(companyId: number, sourceType: 'flow_action_run' | 'campaign_message', firstName: string) {
  const profileId = (
    await upsertProfile(companyId, { email: `${firstName.toLowerCase()}@x.test`, firstName }, { mode: 'import' })
  ).profile.id
  const sourceId = `${ulid()}:${ulid()}`
  await createSends({
    companyId,
    channel: 'email',
    sourceType,
    sourceId,
    content: { subject: 'Welcome {{ first_name }}', html: '<p>Hi {{ first_name }}</p>', text: 'Hi {{ first_name }}' },
    recipients: [{ profileId }],
  })
  return db.send.findFirstOrThrow({ where: { companyId, sourceId } })
}

const view = (cookie: string, recipientId: string) =>
  GET(ajaxRequest(`/ajax/messages/flow-message/web-view?recipient_id=${encodeURIComponent(recipientId)}`, { cookie }))

test('the flow email of a signed recipient id, rendered for its recipient; other ids are 404; roles', async () => {
  const a = await makeCompany()
  const b = await makeCompany()
  const owner = await makeUser({ companyId: a.id })
  const cookie = await signIn(owner.id, a.id)
  const send = await sendOne(a.id, 'flow_action_run', 'Ada')
  const rid = flowMessageRecipientId(a.id, send.id)

  const res = await view(cookie, rid)
  expect(res.status).toBe(200)
  const { message } = (await res.json()) as { message: Record<string, unknown> }
  expect(message).toMatchObject({ to: 'ada@x.test', subject: 'Welcome Ada', renderError: null })
  expect(message.html).toContain('Hi Ada')
  expect(message.text).toContain('Hi Ada')

  const campaignSend = await sendOne(a.id, 'campaign_message', 'Cy')
  const bSend = await sendOne(b.id, 'flow_action_run', 'Bob')
  const [, , sig] = rid.split('.')
  for (const bad of [
    send.id, // a bare send id
    `${b.id}.${send.id}.${sig}`, // the signature moved to another company
    rid.slice(0, -2) + (rid.endsWith('AA') ? 'BB' : 'AA'),
    flowMessageRecipientId(a.id, campaignSend.id), // a campaign's send is not a flow message
    flowMessageRecipientId(b.id, bSend.id), // genuine, but company B's
  ]) {
    const r = await view(cookie, bad)
    expect(r.status).toBe(404)
    expect(await r.text()).not.toContain('Hi ')
  }
  expect((await view(cookie, '')).status).toBe(400)

  const support = await makeUser({ companyId: a.id, role: 'support' })
  expect((await view(await signIn(support.id, a.id), rid)).status).toBe(403)
})
