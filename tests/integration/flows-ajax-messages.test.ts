/** @jest-environment node */
// /ajax flow messages (seed 002 §7.4) through the real route handlers with real sessions: get,
// variations, name, subject, setting, weights, content (a new template version per save),
// content type, UTM (PUT with the X-CSRFToken header), preview, displayable UTM, action type,
// editor bootstrap, variation subject/preview/bootstrap, undelete; bad input, permissions and
// company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { deleteFlowAction, getFlowDefinition, getFlowVersionDefinition } from '@/lib/flows/store'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import * as getOne from '@/app/ajax/flow/messages/[id]/route'
import * as variations from '@/app/ajax/flow/messages/[id]/variations/route'
import * as nameRoute from '@/app/ajax/flow/message/[id]/name/route'
import * as subjectRoute from '@/app/ajax/flow/message/[id]/subject/route'
import * as settingRoute from '@/app/ajax/flow/message/[id]/setting/route'
import * as weightRoute from '@/app/ajax/flow/message/[id]/variations/update-weight/route'
import * as undeleteRoute from '@/app/ajax/flow/message/[id]/undelete/route'
import * as contentRoute from '@/app/ajax/flow/message/[id]/content/route'
import * as bootstrapRoute from '@/app/ajax/flow/message/[id]/content/edit/bootstrap/route'
import * as contentTypeRoute from '@/app/ajax/flow/message/[id]/content-type/route'
import * as utmRoute from '@/app/ajax/flow/message/[id]/utm/route'
import * as previewRoute from '@/app/ajax/flow/message/[id]/preview/route'
import * as displayableRoute from '@/app/ajax/flow/message/[id]/displayable_utm/route'
import * as actionTypeRoute from '@/app/ajax/flow/message/[id]/action-type/route'
import * as varSubject from '@/app/ajax/content/variation/[id]/subject/route'
import * as varPreview from '@/app/ajax/content/variation/[id]/preview/route'
import * as varBootstrap from '@/app/ajax/content/variation/[id]/bootstrap/route'
import { call, makeFixture, type Fixture } from './flows-ajax-messages-fixture'

let f: Fixture
beforeAll(async () => {
  process.env.APP_URL = 'https://app.example.test'
  f = await makeFixture()
})

const m = (id: string, leaf = '') => `/ajax/flow/message/${id}${leaf}`

test('GET message and variations: a send action, an A/B test variation (derived ids), 404 for another company', async () => {
  const r = await call(
    getOne,
    'GET',
    `/ajax/flow/messages/${f.emailMessageId}`,
    { id: f.emailMessageId },
    { cookie: f.ownerA },
  )
  expect(r.status).toBe(200)
  expect(r.body.message).toMatchObject({
    id: f.emailMessageId,
    name: 'Welcome email',
    flowId: f.flowId,
    actionId: f.emailActionId,
    channel: 'email',
    channelCode: 4,
    messageKey: 'flow_message',
    subject: 'Welcome {{ first_name }}',
    templateId: f.templateId,
    actionStatus: 'live',
    isVariation: false,
    smartSending: true,
  })
  expect(r.body.message.template).toMatchObject({ id: f.templateId, name: 'Welcome' })
  const sms = await call(getOne, 'GET', '/x', { id: f.smsMessageId }, { cookie: f.ownerA })
  expect(sms.body.message).toMatchObject({
    channel: 'sms',
    channelCode: 12,
    messageKey: 'flow_sms',
    body: 'Hi {{ first_name }}!',
    actionStatus: 'manual',
  })

  const v = await call(variations, 'GET', '/x', { id: `${f.abActionId}-v1` }, { cookie: f.ownerA })
  expect(v.status).toBe(200)
  expect(v.body.abTestActionId).toBe(f.abActionId)
  // The arms as the engine splits them: the main action, then each variation.
  expect(
    v.body.variations.map((x: { id: string; subject: string; weight: number }) => [x.id, x.subject, x.weight]),
  ).toEqual([
    [`${f.abActionId}-main`, 'Main subject', 33],
    [`${f.abActionId}-v1`, 'Subject A', 33],
    [`${f.abActionId}-v2`, 'Subject B', 33],
  ])
  const plain = await call(variations, 'GET', '/x', { id: f.emailMessageId }, { cookie: f.ownerA })
  expect(plain.body.variations).toHaveLength(1)

  for (const id of [f.emailMessageId, `${f.abActionId}-v1`]) {
    expect((await call(getOne, 'GET', '/x', { id }, { cookie: f.ownerB })).status).toBe(404)
    expect((await call(variations, 'GET', '/x', { id }, { cookie: f.ownerB })).status).toBe(404)
  }
  expect((await call(getOne, 'GET', '/x', { id: 'nope' }, { cookie: f.ownerA })).status).toBe(404)
  expect((await call(getOne, 'GET', '/x', { id: f.emailMessageId }, {})).status).toBe(401)
})

test('name, subject and setting are saved as new flow versions; bad input is a 400 that writes nothing', async () => {
  const before = (await db.flow.findUnique({ where: { id: f.flowId } }))!.currentVersion
  const n = await call(
    nameRoute,
    'POST',
    m(f.emailMessageId, '/name'),
    { id: f.emailMessageId },
    { cookie: f.ownerA, body: { name: 'Welcome #1' } },
  )
  expect(n.status).toBe(200)
  expect(n.body.message.name).toBe('Welcome #1')
  const s = await call(
    subjectRoute,
    'POST',
    m(f.emailMessageId, '/subject'),
    { id: f.emailMessageId },
    { cookie: f.ownerA, body: { subject: 'Hello there', preview_text: 'A gift inside' } },
  )
  expect(s.status).toBe(200)
  expect(s.body.message).toMatchObject({ subject: 'Hello there', previewText: 'A gift inside' })
  const st = await call(
    settingRoute,
    'POST',
    m(f.emailMessageId, '/setting'),
    { id: f.emailMessageId },
    { cookie: f.ownerA, body: { smart_sending: false, transactional: 'true', add_tracking_params: false } },
  )
  expect(st.status).toBe(200)
  expect(st.body.message).toMatchObject({ smartSending: false, transactional: true, addTrackingParams: false })
  const after = (await db.flow.findUnique({ where: { id: f.flowId } }))!.currentVersion
  expect(after).toBe(before + 3)
  // The stored definition and the FlowMessage row follow; the first version is untouched.
  const def = await getFlowDefinition(f.A, f.flowId)
  const msg = (def.actions[0]!.data as { message: Record<string, unknown> }).message
  expect(msg).toMatchObject({
    id: f.emailMessageId,
    name: 'Welcome #1',
    subject_line: 'Hello there',
    smart_sending_enabled: false,
    transactional: true,
  })
  expect((await db.flowMessage.findUnique({ where: { id: f.emailMessageId } }))!.name).toBe('Welcome #1')
  expect(
    ((await getFlowVersionDefinition(f.A, f.flowId, 1))!.actions[0]!.data as { message: { name: string } }).message
      .name,
  ).toBe('Welcome email')

  const bad = [
    [nameRoute, { name: '  ' }, 'name'],
    [subjectRoute, { subject: '' }, 'subject'],
    [settingRoute, {}, '_'],
    [settingRoute, { from_email: 'not-an-address' }, 'fromEmail'],
  ] as const
  for (const [mod, body, field] of bad) {
    const r = await call(mod, 'POST', '/x', { id: f.emailMessageId }, { cookie: f.ownerA, body })
    expect(r.status).toBe(400)
    expect(Object.keys(r.body.fieldErrors)).toContain(field)
  }
  // SMS has no subject; quiet hours are SMS only.
  expect(
    (await call(subjectRoute, 'POST', '/x', { id: f.smsMessageId }, { cookie: f.ownerA, body: { subject: 'x' } }))
      .status,
  ).toBe(400)
  expect(
    (
      await call(
        settingRoute,
        'POST',
        '/x',
        { id: f.emailMessageId },
        { cookie: f.ownerA, body: { sms_quiet_hours: true } },
      )
    ).status,
  ).toBe(400)
  expect(
    (
      await call(
        settingRoute,
        'POST',
        '/x',
        { id: f.smsMessageId },
        { cookie: f.ownerA, body: { sms_quiet_hours: false } },
      )
    ).body.message.smsQuietHours,
  ).toBe(false)
  expect((await db.flow.findUnique({ where: { id: f.flowId } }))!.currentVersion).toBe(after + 1)

  // Another company, an analyst (read only), no CSRF header.
  expect(
    (await call(nameRoute, 'POST', '/x', { id: f.emailMessageId }, { cookie: f.ownerB, body: { name: 'Hijack' } }))
      .status,
  ).toBe(404)
  expect(
    (await call(nameRoute, 'POST', '/x', { id: f.emailMessageId }, { cookie: f.analystA, body: { name: 'Analyst' } }))
      .status,
  ).toBe(403)
  expect(
    (
      await call(
        nameRoute,
        'POST',
        '/x',
        { id: f.emailMessageId },
        { cookie: f.ownerA, body: { name: 'No CSRF' }, csrf: false },
      )
    ).status,
  ).toBe(403)
  expect((await db.flowMessage.findUnique({ where: { id: f.emailMessageId } }))!.name).toBe('Welcome #1')
})

test('variation weight: sent as text, 0–100 whole numbers; a plain message or unknown variation is refused', async () => {
  const id = `${f.abActionId}-v1`
  const r = await call(
    weightRoute,
    'POST',
    '/x',
    { id },
    { cookie: f.ownerA, body: { variation: `${f.abActionId}-v2`, weight: '70' } },
  )
  expect(r.status).toBe(200)
  expect(r.body.allocations).toEqual({
    [`${f.abActionId}-main`]: 33,
    [`${f.abActionId}-v1`]: 33,
    [`${f.abActionId}-v2`]: 70,
  })
  const v = await call(variations, 'GET', '/x', { id }, { cookie: f.ownerA })
  expect(v.body.variations.map((x: { weight: number }) => x.weight)).toEqual([33, 33, 70])
  // The derived ids are stored now, as the arm's action id (the engine's key) and its message id.
  const def = await getFlowDefinition(f.A, f.flowId)
  const ab = def.actions.find((a) => a.id === f.abActionId)!.data as {
    main_action: { id: string }
    current_experiment: { variations: Array<{ id: string; data: { message: { id: string } } }> }
  }
  expect(ab.current_experiment.variations.map((x) => [x.id, x.data.message.id])).toEqual([
    [`${f.abActionId}-v1`, `${f.abActionId}-v1`],
    [`${f.abActionId}-v2`, `${f.abActionId}-v2`],
  ])
  expect(ab.main_action.id).toBe(`${f.abActionId}-main`)
  for (const weight of ['abc', '101', '-1', '1.5', '']) {
    expect(
      (await call(weightRoute, 'POST', '/x', { id }, { cookie: f.ownerA, body: { variation: id, weight } })).status,
    ).toBe(400)
  }
  expect(
    (await call(weightRoute, 'POST', '/x', { id }, { cookie: f.ownerA, body: { variation: 'zzz', weight: '10' } }))
      .status,
  ).toBe(400)
  expect(
    (
      await call(
        weightRoute,
        'POST',
        '/x',
        { id: f.emailMessageId },
        { cookie: f.ownerA, body: { variation: id, weight: '10' } },
      )
    ).status,
  ).toBe(400)
  expect(
    (await call(weightRoute, 'POST', '/x', { id }, { cookie: f.ownerB, body: { variation: id, weight: '10' } })).status,
  ).toBe(404)
})

test('content: GET the template, POST makes a new template version; SMS body; content-type starts over', async () => {
  const g = await call(contentRoute, 'GET', '/x', { id: f.emailMessageId }, { cookie: f.ownerA })
  expect(g.status).toBe(200)
  expect(g.body.content).toMatchObject({ channel: 'email', templateId: f.templateId, editorType: 'CODE' })
  expect(g.body.content.html).toContain('Hi {{ first_name')
  const p = await call(
    contentRoute,
    'POST',
    '/x',
    { id: f.emailMessageId },
    { cookie: f.ownerA, body: { html: '<html><body><p>New {{ first_name }}</p></body></html>' } },
  )
  expect(p.status).toBe(200)
  const newId = p.body.message.templateId
  expect(newId).not.toBe(f.templateId)
  expect(p.body.content.html).toContain('New {{ first_name }}')
  // The old template stays as it was (earlier flow versions still send it).
  expect((await db.template.findUnique({ where: { id: f.templateId } }))!.html).toContain('Hi {{ first_name')
  expect((await db.flowMessage.findUnique({ where: { id: f.emailMessageId } }))!.templateId).toBe(newId)
  // A template that does not compile is a 400 and changes nothing.
  const templates = await db.template.count({ where: { companyId: f.A } })
  const broken = await call(
    contentRoute,
    'POST',
    '/x',
    { id: f.emailMessageId },
    { cookie: f.ownerA, body: { html: '<p>{% if %}</p>' } },
  )
  expect(broken.status).toBe(400)
  expect(await db.template.count({ where: { companyId: f.A } })).toBe(templates)
  expect(
    (await call(contentRoute, 'POST', '/x', { id: f.emailMessageId }, { cookie: f.ownerA, body: {} })).status,
  ).toBe(400)

  const sms = await call(
    contentRoute,
    'POST',
    '/x',
    { id: f.smsMessageId },
    { cookie: f.ownerA, body: { body: 'New SMS {{ first_name }}' } },
  )
  expect(sms.status).toBe(200)
  expect(sms.body.content).toMatchObject({ channel: 'sms', body: 'New SMS {{ first_name }}' })
  expect(
    (await call(contentRoute, 'POST', '/x', { id: f.smsMessageId }, { cookie: f.ownerA, body: { body: '   ' } }))
      .status,
  ).toBe(400)

  const ct = await call(
    contentTypeRoute,
    'POST',
    '/x',
    { id: f.emailMessageId },
    { cookie: f.ownerA, body: { setupType: 'drag-and-drop' } },
  )
  expect(ct.status).toBe(200)
  expect(ct.body.content.editorType).toBe('SYSTEM_DRAGGABLE')
  const html = await call(
    contentTypeRoute,
    'POST',
    '/x',
    { id: f.emailMessageId },
    { cookie: f.ownerA, body: { setup_type: 'html' } },
  )
  expect(html.body.content.editorType).toBe('CODE')
  expect(
    (
      await call(
        contentTypeRoute,
        'POST',
        '/x',
        { id: f.emailMessageId },
        { cookie: f.ownerA, body: { setupType: 'mjml' } },
      )
    ).status,
  ).toBe(400)
  expect(
    (
      await call(
        contentTypeRoute,
        'POST',
        '/x',
        { id: f.smsMessageId },
        { cookie: f.ownerA, body: { setupType: 'html' } },
      )
    ).status,
  ).toBe(400)
  expect((await call(contentRoute, 'GET', '/x', { id: f.emailMessageId }, { cookie: f.ownerB })).status).toBe(404)
  expect(
    (await call(contentRoute, 'POST', '/x', { id: f.emailMessageId }, { cookie: f.ownerB, body: { html: '<p>x</p>' } }))
      .status,
  ).toBe(404)
})

test('UTM: PUT with utm_params checks the X-CSRFToken header against the kl_csrftoken cookie; displayable_utm merges account and message', async () => {
  const id = f.emailMessageId
  const none = await call(utmRoute, 'PUT', '/x', { id }, { cookie: f.ownerA, body: { utm_params: [] }, csrf: false })
  expect(none.status).toBe(403)
  const put = await call(
    utmRoute,
    'PUT',
    '/x',
    { id },
    {
      cookie: f.ownerA,
      body: {
        utm_params: [
          { param: 'utm_campaign', value: 'spring' },
          { param: 'ref', value: 'flow_name', type: 'dynamic' },
        ],
        add_tracking_params: true,
      },
    },
  )
  expect(put.status).toBe(200)
  expect(put.body.utmParams).toEqual([
    { param: 'utm_campaign', value: 'spring', type: 'static' },
    { param: 'ref', value: 'flow_name', type: 'dynamic' },
  ])
  const get = await call(utmRoute, 'GET', '/x', { id }, { cookie: f.ownerA })
  expect(get.body).toEqual(put.body)
  const d = await call(displayableRoute, 'GET', '/x', { id }, { cookie: f.ownerA })
  expect(d.status).toBe(200)
  const byName = Object.fromEntries(
    d.body.params.map((p: { param: string; value: string; source: string }) => [p.param, [p.value, p.source]]),
  )
  expect(byName).toMatchObject({
    utm_medium: ['flow', 'account'],
    utm_campaign: ['spring', 'message'],
    ref: ['Welcome series', 'message'],
  })
  const dup = await call(
    utmRoute,
    'PUT',
    '/x',
    { id },
    {
      cookie: f.ownerA,
      body: {
        utm_params: [
          { param: 'a', value: '1' },
          { param: 'a', value: '2' },
        ],
      },
    },
  )
  expect(dup.status).toBe(400)
  expect(
    (
      await call(
        utmRoute,
        'PUT',
        '/x',
        { id },
        { cookie: f.ownerA, body: { utm_params: [{ param: 'a b', value: '1' }] } },
      )
    ).status,
  ).toBe(400)
  expect((await call(utmRoute, 'PUT', '/x', { id }, { cookie: f.ownerA, body: {} })).status).toBe(400)
  expect((await call(utmRoute, 'PUT', '/x', { id }, { cookie: f.ownerB, body: { utm_params: [] } })).status).toBe(404)
  expect((await call(displayableRoute, 'GET', '/x', { id }, { cookie: f.ownerB })).status).toBe(404)
})

test('preview renders for a profile or the sample; action type; editor bootstrap; variation subject, preview and bootstrap', async () => {
  const { profile } = await upsertProfile(f.A, { email: 'ada@example.com', firstName: 'Ada' }, { mode: 'import' })
  const p = await call(
    previewRoute,
    'POST',
    '/x',
    { id: f.emailMessageId },
    { cookie: f.ownerA, body: { profile_id: profile.id } },
  )
  expect(p.status).toBe(200)
  expect(p.body.subject).toBe('Hello there')
  expect(p.body.profile).toMatchObject({ id: profile.id, sample: false })
  const sms = await call(
    previewRoute,
    'GET',
    `/x?profile_id=${profile.id}`,
    { id: f.smsMessageId },
    { cookie: f.ownerA },
  )
  expect(sms.status).toBe(200)
  expect(sms.body.body).toBe('New SMS Ada')
  const sample = await call(previewRoute, 'POST', '/x', { id: f.smsMessageId }, { cookie: f.ownerA, body: {} })
  expect(sample.body).toMatchObject({ body: 'New SMS Jane', profile: { sample: true } })
  expect(
    (
      await call(
        previewRoute,
        'POST',
        '/x',
        { id: f.smsMessageId },
        { cookie: f.ownerA, body: { profile_id: 'missing' } },
      )
    ).status,
  ).toBe(404)
  const { profile: other } = await upsertProfile(f.B, { email: 'b@example.com', firstName: 'Bee' }, { mode: 'import' })
  expect(
    (
      await call(
        previewRoute,
        'POST',
        '/x',
        { id: f.smsMessageId },
        { cookie: f.ownerA, body: { profile_id: other.id } },
      )
    ).status,
  ).toBe(404)
  expect((await call(previewRoute, 'POST', '/x', { id: f.smsMessageId }, { cookie: f.ownerB, body: {} })).status).toBe(
    404,
  )

  const at = await call(actionTypeRoute, 'GET', '/x', { id: `${f.abActionId}-v2` }, { cookie: f.ownerA })
  expect(at.body).toMatchObject({
    actionId: f.abActionId,
    actionType: 'ab-test',
    sendActionType: 'send-email',
    channelCode: 4,
    abTestChannelCode: 16,
    isAbTest: true,
  })

  const b = await call(bootstrapRoute, 'GET', '/x', { id: f.emailMessageId }, { cookie: f.ownerA })
  expect(b.status).toBe(200)
  expect(b.body).toMatchObject({
    message: { id: f.emailMessageId },
    flow: { id: f.flowId },
    setupTypes: ['drag-and-drop', 'html', 'text'],
  })
  expect(b.body.previewProfiles.map((x: { id: string }) => x.id)).toContain(profile.id)

  const vid = `${f.abActionId}-v2`
  expect((await call(varSubject, 'GET', '/x', { id: vid }, { cookie: f.ownerA })).body).toMatchObject({
    id: vid,
    subject: 'Subject B',
  })
  const vs = await call(
    varSubject,
    'POST',
    '/x',
    { id: vid },
    { cookie: f.ownerA, body: { subject: 'Subject B2 {{ first_name }}' } },
  )
  expect(vs.status).toBe(200)
  const vp = await call(varPreview, 'POST', '/x', { id: vid }, { cookie: f.ownerA, body: { profile_id: profile.id } })
  expect(vp.body.subject).toBe('Subject B2 Ada')
  expect((await call(varBootstrap, 'GET', '/x', { id: vid }, { cookie: f.ownerA })).body.message).toMatchObject({
    id: vid,
    isVariation: true,
  })
  expect((await call(varSubject, 'GET', '/x', { id: vid }, { cookie: f.ownerB })).status).toBe(404)
  expect((await call(varSubject, 'POST', '/x', { id: vid }, { cookie: f.ownerB, body: { subject: 'x' } })).status).toBe(
    404,
  )
})

test('undelete: a deleted message action comes back as draft in its old place', async () => {
  expect((await call(undeleteRoute, 'POST', '/x', { id: f.smsMessageId }, { cookie: f.ownerA })).status).toBe(400) // not deleted
  await deleteFlowAction(f.A, f.smsActionId)
  expect(await db.flowMessage.count({ where: { id: f.smsMessageId } })).toBe(0)
  expect((await call(undeleteRoute, 'POST', '/x', { id: f.smsMessageId }, { cookie: f.ownerB })).status).toBe(404)
  const r = await call(undeleteRoute, 'POST', '/x', { id: f.smsMessageId }, { cookie: f.ownerA })
  expect(r.status).toBe(200)
  expect(r.body.placed).toBe(true)
  expect(r.body.message).toMatchObject({
    actionId: f.smsActionId,
    channel: 'sms',
    actionStatus: 'draft',
    body: 'New SMS {{ first_name }}',
  })
  const def = await getFlowDefinition(f.A, f.flowId)
  const email = def.actions.find((a) => a.id === f.emailActionId)!
  expect((email.links as { next: string }).next).toBe(f.smsActionId)
  expect((def.actions.find((a) => a.id === f.smsActionId)!.links as { next: string }).next).toBe(f.abActionId)
  expect((await call(undeleteRoute, 'POST', '/x', { id: 'neverexisted' }, { cookie: f.ownerA })).status).toBe(404)
})
