/** @jest-environment node */
// Inbox settings and automation rules through the real /ajax routes (issue 25 §1): each
// section saved on its own with 400 field errors, quick replies, FAQ entries and intent rules
// with their validation, role checks (support reads but cannot change; an analyst cannot
// write; the settings pages need the inbox-settings resource) and company scope.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { DEFAULT_BUSINESS_HOURS } from '@/lib/inbox/automations/business-hours'
import * as settingsRoute from '@/app/ajax/inbox/settings/route'
import { inboxAccepts } from '@/lib/inbox/automations/inbox-accepts'
import * as sectionRoute from '@/app/ajax/inbox/settings/[section]/route'
import * as quickRepliesRoute from '@/app/ajax/inbox/quick-replies/route'
import * as quickReplyRoute from '@/app/ajax/inbox/quick-replies/[id]/route'
import * as faqsRoute from '@/app/ajax/inbox/faq/route'
import * as faqRoute from '@/app/ajax/inbox/faq/[id]/route'
import * as intentsRoute from '@/app/ajax/automations/intents/route'
import * as intentRoute from '@/app/ajax/automations/intents/[id]/route'

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>
const call = (h: Handler, cookie: string, method = 'GET', body?: unknown, p?: Record<string, string>) =>
  h(ajaxRequest('/ajax/x', { method, cookie, body }), p ? params(p) : undefined)

async function member(role = 'owner', companyId?: number) {
  const id = companyId ?? (await makeCompany()).id
  const user = await makeUser({ companyId: id, role })
  return { companyId: id, cookie: await signIn(user.id, id) }
}

const fieldsOf = async (res: Response) => {
  expect(res.status).toBe(400)
  return Object.keys((await res.json()).fieldErrors).sort()
}

test('sections save on their own and refuse bad input with field errors', async () => {
  const o = await member()
  await db.smsPhoneNumber.create({ data: { companyId: o.companyId, number: '+15550009999' } })
  const put = (section: string, body: unknown) => call(sectionRoute.PUT, o.cookie, 'PUT', body, { section })

  const hours = { ...DEFAULT_BUSINESS_HOURS, sat: { open: true, start: '10:00', end: '14:00' } }
  const away = await put('away-message', {
    awayEnabled: true,
    awayText: 'Back at 9, {{ first_name }}!',
    businessHours: hours,
  })
  expect(away.status).toBe(200)
  expect((await away.json()).settings).toMatchObject({ awayEnabled: true, businessHours: { sat: { open: true } } })
  expect(
    await fieldsOf(
      await put('away-message', {
        awayEnabled: true,
        awayText: '',
        businessHours: { ...hours, mon: { open: true, start: '18:00', end: '09:00' } },
      }),
    ),
  ).toEqual(['awayText', 'businessHours.mon.end'])
  expect(
    await fieldsOf(await put('away-message', { awayEnabled: true, awayText: 'Hi {% if x %}', businessHours: hours })),
  ).toEqual(['awayText'])

  expect((await put('general', { autoCloseDays: 7, botName: 'Acme bot' })).status).toBe(200)
  expect(await fieldsOf(await put('general', { autoCloseDays: -1 }))).toEqual(['autoCloseDays'])
  expect((await put('inbound-messages', { channels: ['sms', 'email'], inboundNumbers: ['+15550009999'] })).status).toBe(
    200,
  )
  expect(
    await fieldsOf(await put('inbound-messages', { channels: ['fax'], inboundNumbers: ['+15550001111'] })),
  ).toEqual(['channels.0'])
  expect(await fieldsOf(await put('inbound-messages', { channels: [], inboundNumbers: ['+15550001111'] }))).toEqual([
    'inboundNumbers.0',
  ])
  expect((await put('faq', { faqAutoAnswer: true })).status).toBe(200)
  expect((await put('onboarding', { completed: true })).status).toBe(200)
  expect((await put('nothing', {})).status).toBe(404)

  const s = (await (await call(settingsRoute.GET, o.cookie)).json()).settings
  expect(s).toMatchObject({
    awayEnabled: true,
    awayText: 'Back at 9, {{ first_name }}!',
    autoCloseDays: 7,
    botName: 'Acme bot',
    channels: ['sms', 'email'],
    inboundNumbers: ['+15550009999'],
    smsNumbers: ['+15550009999'],
    faqAutoAnswer: true,
    onboarded: true,
  })
})

test('quick replies, FAQ entries and intents: validation, and one company never reaches another’s', async () => {
  const a = await member()
  const b = await member()
  const flow = await db.flow.create({
    data: { id: `F${a.companyId}`, companyId: a.companyId, name: 'Win-back', webhookSecret: 'x' },
  })

  const qr = await call(quickRepliesRoute.POST, a.cookie, 'POST', { name: 'Thanks', body: 'Thanks {{ first_name }}!' })
  expect(qr.status).toBe(201)
  const qrId = String((await qr.json()).quickReply.id)
  expect(
    await fieldsOf(await call(quickRepliesRoute.POST, a.cookie, 'POST', { name: 'Thanks', body: 'again' })),
  ).toEqual(['name'])
  expect(await fieldsOf(await call(quickRepliesRoute.POST, a.cookie, 'POST', { name: '', body: '' }))).toEqual([
    'body',
    'name',
  ])

  const faq = await call(faqsRoute.POST, a.cookie, 'POST', {
    question: 'Do you ship abroad?',
    answer: 'Yes.',
    phrases: ['ship'],
  })
  const faqId = String((await faq.json()).faq.id)
  expect(
    await fieldsOf(await call(faqsRoute.POST, a.cookie, 'POST', { question: '', answer: 'x', phrases: [''] })),
  ).toEqual(['phrases.0', 'question'])

  const intent = { name: 'Win back', key: 'custom', phrases: ['come back'], action: 'start_flow', flowId: flow.id }
  const created = await call(intentsRoute.POST, a.cookie, 'POST', intent)
  expect(created.status).toBe(201)
  const intentId = String((await created.json()).intent.id)
  expect(await fieldsOf(await call(intentsRoute.POST, b.cookie, 'POST', intent))).toEqual(['flowId']) // A's flow
  expect(
    await fieldsOf(
      await call(intentsRoute.POST, a.cookie, 'POST', { name: 'x', key: 'custom', phrases: [], action: 'reply' }),
    ),
  ).toEqual(['phrases', 'replyText'])
  expect(await fieldsOf(await call(intentsRoute.POST, a.cookie, 'POST', { ...intent, key: 'weather' }))).toEqual([
    'key',
  ])
  expect(await fieldsOf(await call(intentsRoute.POST, a.cookie, 'POST', { ...intent, action: 'tag' }))).toEqual(['tag'])
  const listed = await (await call(intentsRoute.GET, a.cookie)).json()
  expect(listed.flows).toEqual([{ id: flow.id, name: 'Win-back' }])
  expect(listed.intents[0]).toMatchObject({ name: 'Win back', action: 'start_flow', flowId: flow.id, priority: 100 })

  // B sees none of them and cannot read, change or delete them by id
  expect((await (await call(quickRepliesRoute.GET, b.cookie)).json()).quickReplies).toEqual([])
  expect((await (await call(faqsRoute.GET, b.cookie)).json()).faqs).toEqual([])
  expect((await (await call(intentsRoute.GET, b.cookie)).json()).intents).toEqual([])
  expect((await call(faqRoute.GET, b.cookie, 'GET', undefined, { id: faqId })).status).toBe(404)
  expect((await call(intentRoute.GET, b.cookie, 'GET', undefined, { id: intentId })).status).toBe(404)
  expect((await call(quickReplyRoute.PUT, b.cookie, 'PUT', { name: 'Mine', body: 'x' }, { id: qrId })).status).toBe(404)
  expect((await call(faqRoute.DELETE, b.cookie, 'DELETE', undefined, { id: faqId })).status).toBe(404)
  expect((await call(intentRoute.DELETE, b.cookie, 'DELETE', undefined, { id: intentId })).status).toBe(404)
  expect(await db.inboxFaq.count({ where: { companyId: a.companyId } })).toBe(1)

  const changed = await call(
    intentRoute.PUT,
    a.cookie,
    'PUT',
    { ...intent, action: 'close', priority: 5 },
    { id: intentId },
  )
  expect((await changed.json()).intent).toMatchObject({ action: 'close', flowId: null, priority: 5 })
  expect((await call(faqRoute.DELETE, a.cookie, 'DELETE', undefined, { id: faqId })).status).toBe(200)
  expect((await call(faqRoute.GET, a.cookie, 'GET', undefined, { id: 'abc' })).status).toBe(404)
})

test('roles: support reads FAQ and quick replies but changes nothing; an analyst cannot write; settings pages need their resource', async () => {
  const owner = await member()
  const support = await member('support', owner.companyId)
  const analyst = await member('analyst', owner.companyId)
  expect((await call(quickRepliesRoute.GET, support.cookie)).status).toBe(200)
  expect((await call(faqsRoute.GET, support.cookie)).status).toBe(200)
  expect((await call(quickRepliesRoute.POST, support.cookie, 'POST', { name: 'n', body: 'b' })).status).toBe(403)
  expect((await call(intentsRoute.GET, support.cookie)).status).toBe(403) // automations_read
  expect(
    (await call(sectionRoute.PUT, support.cookie, 'PUT', { faqAutoAnswer: true }, { section: 'faq' })).status,
  ).toBe(403)
  expect((await call(intentsRoute.GET, analyst.cookie)).status).toBe(200)
  expect((await call(faqsRoute.POST, analyst.cookie, 'POST', { question: 'q', answer: 'a' })).status).toBe(403)
  expect(
    (await call(sectionRoute.PUT, analyst.cookie, 'PUT', { autoCloseDays: 1 }, { section: 'general' })).status,
  ).toBe(403)
})

test('the inbound-message settings decide which channels and SMS numbers feed the inbox', async () => {
  const o = await member()
  await db.smsPhoneNumber.createMany({
    data: [
      { companyId: o.companyId, number: '+15550008881' },
      { companyId: o.companyId, number: '+15550008882' },
    ],
  })
  const accepts = () =>
    Promise.all([
      inboxAccepts(o.companyId, 'sms', '+15550008881'),
      inboxAccepts(o.companyId, 'sms', '+15550008882'),
      inboxAccepts(o.companyId, 'email'),
      inboxAccepts(o.companyId, 'chat'),
    ])
  expect(await accepts()).toEqual([true, true, true, true]) // nothing saved: everything
  const put = (body: unknown) => call(sectionRoute.PUT, o.cookie, 'PUT', body, { section: 'inbound-messages' })
  expect((await put({ channels: ['sms', 'email'], inboundNumbers: ['+15550008882'] })).status).toBe(200)
  expect(await accepts()).toEqual([false, true, true, false])
  expect((await put({ channels: ['sms', 'chat'], inboundNumbers: [] })).status).toBe(200)
  expect(await accepts()).toEqual([true, true, false, true])
})
