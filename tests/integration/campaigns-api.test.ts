/** @jest-environment node */
// The /api campaign family on a real database (SQLite; PostgreSQL with TEST_DB=postgres): create,
// list (the required channel filter, filters, sorts, pages, includes), get, update (audiences
// replace), messages and their relationships, assign-template (a non-reusable copy, the older
// shape), clone, send jobs (send, cancel, revert), recipient estimation, delete; every bad input
// of issue 10 §4 as a JSON:API 400/409 with its pointer and nothing written; cross-tenant 404s.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeApiKey } from '../helpers/route-server'
import { company, list, profiles, template } from '../helpers/campaigns-engine-fixture'
import { campaignApi } from './campaigns-api-routes'

let A: number, B: number
let keyA: string, keyB: string
let listA: string, list2A: string, listB: string
let tplA: string, tplB: string

beforeAll(async () => {
  A = await company()
  B = await company()
  keyA = await makeApiKey(A)
  keyB = await makeApiKey(B)
  listA = await list(A, 'Newsletter')
  list2A = await list(A, 'VIP')
  listB = await list(B, 'Other newsletter')
  await profiles(A, 3, [listA])
  tplA = await template(A, '<p>Hi {{ first_name }}</p>')
  tplB = await template(B)
})
beforeEach(() => resetRateLimits())

const emailMessage = (subject = 'Winter sale') => ({
  data: [
    {
      type: 'campaign-message',
      attributes: {
        definition: {
          channel: 'email',
          label: 'Main',
          content: { subject, preview_text: 'Up to 50%', from_email: 'shop@example.test', from_label: 'Shop' },
        },
      },
    },
  ],
})

function createBody(over: Record<string, unknown> = {}) {
  return {
    data: {
      type: 'campaign',
      attributes: {
        name: 'Winter sale',
        audiences: { included: [listA], excluded: [] },
        send_strategy: { method: 'static', datetime: '2030-01-15T10:00:00+00:00', options: { is_local: false } },
        tracking_options: {
          add_tracking_params: true,
          custom_tracking_params: [{ type: 'dynamic', value: 'campaign_id', name: 'utm_campaign' }],
          is_tracking_clicks: true,
          is_tracking_opens: true,
        },
        'campaign-messages': emailMessage(),
        ...over,
      },
    },
  }
}

async function create(over: Record<string, unknown> = {}) {
  const r = await campaignApi('POST', '/api/campaigns', keyA, createBody(over))
  expect(r.status).toBe(201)
  return r.json.data as {
    id: string
    attributes: Record<string, unknown>
    relationships: Record<string, { data: Array<{ id: string }> }>
  }
}

const pointers = (json: { errors: Array<{ source?: { pointer?: string; parameter?: string } }> }) =>
  json.errors.map((e) => e.source?.pointer ?? e.source?.parameter)

test('create (201), get with includes, list with the required channel filter, update, messages, assign-template, clone, delete', async () => {
  const c = await create()
  expect(c.attributes).toMatchObject({
    name: 'Winter sale',
    status: 'Draft',
    archived: false,
    audiences: { included: [listA], excluded: [] },
    send_options: { use_smart_sending: true },
    send_strategy: { method: 'static', datetime: '2030-01-15T10:00:00+00:00', options: { is_local: false } },
    tracking_options: {
      add_tracking_params: true,
      custom_tracking_params: [{ type: 'dynamic', value: 'campaign_id', name: 'utm_campaign' }],
    },
  })
  expect(c.id).toMatch(/^[0-9A-Z]{26}$/)
  const messageId = c.relationships['campaign-messages'].data[0]!.id

  // GET one, with its message and tags included
  const one = await campaignApi('GET', `/api/campaigns/${c.id}?include=campaign-messages,tags`, keyA)
  expect(one.status).toBe(200)
  expect(one.json.included).toHaveLength(1)
  expect(one.json.included[0]).toMatchObject({
    type: 'campaign-message',
    id: messageId,
    attributes: {
      definition: {
        channel: 'email',
        label: 'Main',
        content: { subject: 'Winter sale', preview_text: 'Up to 50%', from_email: 'shop@example.test' },
      },
      send_times: [{ datetime: '2030-01-15T10:00:00+00:00', is_local: false }],
    },
    relationships: { campaign: { data: { type: 'campaign', id: c.id } }, template: { data: null } },
  })

  // The list needs the channel filter: the vendor's message, on the filter parameter
  const missing = await campaignApi('GET', '/api/campaigns', keyA)
  expect(missing.status).toBe(400)
  expect(missing.json.errors[0].detail).toMatch(/^A channel filter is required to list campaigns/)
  expect(missing.json.errors[0].source).toEqual({ parameter: 'filter' })
  const nameOnly = await campaignApi(
    'GET',
    `/api/campaigns?filter=${encodeURIComponent('contains(name,"Winter")')}`,
    keyA,
  )
  expect(nameOnly.status).toBe(400)
  const badChannel = await campaignApi(
    'GET',
    `/api/campaigns?filter=${encodeURIComponent("equals(messages.channel,'fax')")}`,
    keyA,
  )
  expect(badChannel.status).toBe(400)

  const sms = await campaignApi(
    'POST',
    '/api/campaigns',
    keyA,
    createBody({
      name: 'SMS blast',
      send_strategy: null,
      tracking_options: null,
      'campaign-messages': {
        data: [
          {
            type: 'campaign-message',
            attributes: { definition: { channel: 'sms', content: { body: 'Sale today! Reply STOP to opt out' } } },
          },
        ],
      },
    }),
  )
  expect(sms.status).toBe(201)
  expect(sms.json.data.attributes.send_strategy).toEqual({ method: 'immediate' })
  const email2 = await create({ name: 'Spring preview' })

  const emails = await campaignApi(
    'GET',
    `/api/campaigns?filter=${encodeURIComponent("equals(messages.channel,'email')")}&sort=name`,
    keyA,
  )
  expect(emails.status).toBe(200)
  expect(emails.json.data.map((d: { attributes: { name: string } }) => d.attributes.name)).toEqual([
    'Spring preview',
    'Winter sale',
  ])
  const smsList = await campaignApi(
    'GET',
    `/api/campaigns?filter=${encodeURIComponent("equals(messages.channel,'sms')")}&include=campaign-messages`,
    keyA,
  )
  expect(smsList.json.data.map((d: { id: string }) => d.id)).toEqual([sms.json.data.id])
  expect(smsList.json.included[0].attributes.definition).toMatchObject({
    channel: 'sms',
    content: { body: 'Sale today! Reply STOP to opt out' },
  })
  const filtered = await campaignApi(
    'GET',
    `/api/campaigns?filter=${encodeURIComponent(`equals(messages.channel,'email'),contains(name,"Winter"),equals(status,"Draft"),equals(archived,false),any(id,["${c.id}","${email2.id}"]),greater-than(created_at,2020-01-01T00:00:00Z)`)}`,
    keyA,
  )
  expect(filtered.status).toBe(200)
  expect(filtered.json.data.map((d: { id: string }) => d.id)).toEqual([c.id])
  // Pages of one, by cursor
  const p1 = await campaignApi(
    'GET',
    `/api/campaigns?filter=${encodeURIComponent("equals(messages.channel,'email')")}&page[size]=1&sort=-created_at`,
    keyA,
  )
  expect(p1.json.data.map((d: { id: string }) => d.id)).toEqual([email2.id])
  const p2 = await campaignApi('GET', p1.json.links.next.replace('http://localhost:3000', ''), keyA)
  expect(p2.json.data.map((d: { id: string }) => d.id)).toEqual([c.id])
  expect(p2.json.links.next).toBeNull()
  const badSort = await campaignApi(
    'GET',
    `/api/campaigns?filter=${encodeURIComponent("equals(messages.channel,'email')")}&sort=status`,
    keyA,
  )
  expect(badSort.status).toBe(400)

  // PATCH: each audience list given replaces the old one; the other is kept
  const patched = await campaignApi('PATCH', `/api/campaigns/${c.id}`, keyA, {
    data: {
      type: 'campaign',
      id: c.id,
      attributes: {
        name: 'Winter sale (final)',
        audiences: { included: [list2A] },
        send_options: { use_smart_sending: false },
      },
    },
  })
  expect(patched.status).toBe(200)
  expect(patched.json.data.attributes).toMatchObject({
    name: 'Winter sale (final)',
    audiences: { included: [list2A], excluded: [] },
    send_options: { use_smart_sending: false },
  })
  const patched2 = await campaignApi('PATCH', `/api/campaigns/${c.id}`, keyA, {
    data: { type: 'campaign', id: c.id, attributes: { audiences: { excluded: [listA] } } },
  })
  expect(patched2.json.data.attributes.audiences).toEqual({ included: [list2A], excluded: [listA] })

  // Messages of the campaign, and the message's relationships
  const msgs = await campaignApi('GET', `/api/campaigns/${c.id}/campaign-messages`, keyA)
  expect(msgs.json.data.map((m: { id: string }) => m.id)).toEqual([messageId])
  expect((await campaignApi('GET', `/api/campaigns/${c.id}/relationships/campaign-messages`, keyA)).json.data).toEqual([
    { type: 'campaign-message', id: messageId },
  ])
  expect(
    (await campaignApi('GET', `/api/campaign-messages/${messageId}/relationships/campaign`, keyA)).json.data,
  ).toEqual({ type: 'campaign', id: c.id })
  expect(
    (await campaignApi('GET', `/api/campaign-messages/${messageId}/campaign`, keyA)).json.data.attributes.name,
  ).toBe('Winter sale (final)')
  expect((await campaignApi('GET', `/api/campaigns/${c.id}/tags`, keyA)).json.data).toEqual([])
  expect((await campaignApi('GET', `/api/campaigns/${c.id}/relationships/tags`, keyA)).json.data).toEqual([])

  // PATCH the message: content fields given replace the old ones
  const pm = await campaignApi('PATCH', `/api/campaign-messages/${messageId}`, keyA, {
    data: {
      type: 'campaign-message',
      id: messageId,
      attributes: { definition: { channel: 'email', content: { subject: 'Last day of the sale' } } },
    },
  })
  expect(pm.status).toBe(200)
  expect(pm.json.data.attributes.definition.content).toMatchObject({
    subject: 'Last day of the sale',
    preview_text: 'Up to 50%',
  })

  // Assign a template: 200, the older shape, a non-reusable copy
  const assigned = await campaignApi('POST', '/api/campaign-message-assign-template', keyA, {
    data: {
      type: 'campaign-message',
      id: messageId,
      relationships: { template: { data: { type: 'template', id: tplA } } },
    },
  })
  expect(assigned.status).toBe(200)
  expect(assigned.json.data.attributes).toMatchObject({
    label: 'Main',
    channel: 'email',
    content: { subject: 'Last day of the sale' },
  })
  expect(assigned.json.data.attributes.definition).toBeUndefined()
  expect(assigned.json.data.attributes).toHaveProperty('send_times')
  expect(assigned.json.data.attributes).toHaveProperty('render_options')
  const copyId = assigned.json.data.relationships.template.data.id
  expect(copyId).not.toBe(tplA)
  const copy = await db.template.findUniqueOrThrow({ where: { id: copyId } })
  expect(copy).toMatchObject({ companyId: A, html: '<p>Hi {{ first_name }}</p>', archived: true })
  expect(
    (await campaignApi('GET', `/api/campaign-messages/${messageId}/relationships/template`, keyA)).json.data,
  ).toEqual({ type: 'template', id: copyId })
  expect((await campaignApi('GET', `/api/campaign-messages/${messageId}/template`, keyA)).json.data.id).toBe(copyId)
  const withIncludes = await campaignApi('GET', `/api/campaign-messages/${messageId}?include=campaign,template`, keyA)
  expect(withIncludes.json.included.map((i: { type: string }) => i.type).sort()).toEqual(['campaign', 'template'])
  expect((await campaignApi('GET', `/api/campaign-messages/${messageId}/image`, keyA)).json.data).toBeNull()

  // Clone: 201, the new name, Draft, a copy of the template again
  const cl = await campaignApi('POST', '/api/campaign-clone', keyA, {
    data: { type: 'campaign', id: c.id, attributes: { new_name: 'Winter sale again' } },
  })
  expect(cl.status).toBe(201)
  expect(cl.json.data.attributes).toMatchObject({
    name: 'Winter sale again',
    status: 'Draft',
    audiences: { included: [list2A], excluded: [listA] },
  })
  const cloneMsg = await db.campaignMessage.findFirstOrThrow({ where: { campaignId: cl.json.data.id } })
  expect(cloneMsg.templateId).not.toBe(copyId)
  expect(JSON.parse(cloneMsg.content).subject).toBe('Last day of the sale')

  // DELETE: 204, then 404; its template copy goes with it, the original stays
  expect((await campaignApi('DELETE', `/api/campaigns/${c.id}`, keyA)).status).toBe(204)
  expect((await campaignApi('GET', `/api/campaigns/${c.id}`, keyA)).status).toBe(404)
  expect(await db.campaignMessage.count({ where: { campaignId: c.id } })).toBe(0)
  expect(await db.template.findUnique({ where: { id: copyId } })).toBeNull()
  expect(await db.template.findUnique({ where: { id: tplA } })).not.toBeNull()
})

test('send jobs: send (202, job id = campaign id), status, cancel and revert (204); recipient estimation jobs', async () => {
  const c = await create({ name: 'Send me' })
  const messageId = c.relationships['campaign-messages'].data[0]!.id
  await campaignApi('POST', '/api/campaign-message-assign-template', keyA, {
    data: {
      type: 'campaign-message',
      id: messageId,
      relationships: { template: { data: { type: 'template', id: tplA } } },
    },
  })

  const sent = await campaignApi('POST', '/api/campaign-send-jobs', keyA, {
    data: { type: 'campaign-send-job', id: c.id },
  })
  expect(sent.status).toBe(202)
  expect(sent.json.data).toMatchObject({ type: 'campaign-send-job', id: c.id, attributes: { status: 'queued' } })
  expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('Scheduled')
  expect((await campaignApi('GET', `/api/campaign-send-jobs/${c.id}`, keyA)).json.data.attributes.status).toBe('queued')
  // A scheduled campaign cannot be edited, nor sent twice
  const edit = await campaignApi('PATCH', `/api/campaigns/${c.id}`, keyA, {
    data: { type: 'campaign', id: c.id, attributes: { send_options: { use_smart_sending: false } } },
  })
  expect(edit.status).toBe(200) // Scheduled is still editable (the list is not fixed yet)
  // …but not its send time (the start job is booked for it), and it cannot be deleted before it is cancelled
  const retime = await campaignApi('PATCH', `/api/campaigns/${c.id}`, keyA, {
    data: { type: 'campaign', id: c.id, attributes: { send_strategy: { method: 'immediate' } } },
  })
  expect([retime.status, pointers(retime.json)]).toEqual([409, ['/data/attributes/send_strategy']])
  expect((await campaignApi('DELETE', `/api/campaigns/${c.id}`, keyA)).status).toBe(409)
  const again = await campaignApi('POST', '/api/campaign-send-jobs', keyA, {
    data: { type: 'campaign-send-job', id: c.id },
  })
  expect(again.status).toBe(409)

  const cancel = await campaignApi('PATCH', `/api/campaign-send-jobs/${c.id}`, keyA, {
    data: { type: 'campaign-send-job', id: c.id, attributes: { action: 'cancel' } },
  })
  expect(cancel.status).toBe(204)
  expect(cancel.json).toBeNull()
  expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('Cancelled')
  expect((await campaignApi('GET', `/api/campaign-send-jobs/${c.id}`, keyA)).json.data.attributes.status).toBe(
    'cancelled',
  )
  const revert = await campaignApi('PATCH', `/api/campaign-send-jobs/${c.id}`, keyA, {
    data: { type: 'campaign-send-job', id: c.id, attributes: { action: 'revert' } },
  })
  expect(revert.status).toBe(204)
  expect((await db.campaign.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('Draft')
  const badAction = await campaignApi('PATCH', `/api/campaign-send-jobs/${c.id}`, keyA, {
    data: { type: 'campaign-send-job', id: c.id, attributes: { action: 'pause' } },
  })
  expect(badAction.status).toBe(400)
  expect(pointers(badAction.json)).toEqual(['/data/attributes/action'])

  // Estimation: 202 with the job status; then the estimation's count
  expect((await campaignApi('GET', `/api/campaign-recipient-estimation-jobs/${c.id}`, keyA)).status).toBe(404)
  const est = await campaignApi('POST', '/api/campaign-recipient-estimation-jobs', keyA, {
    data: { type: 'campaign-recipient-estimation-job', id: c.id },
  })
  expect(est.status).toBe(202)
  expect(est.json.data).toMatchObject({
    type: 'campaign-recipient-estimation-job',
    id: c.id,
    attributes: { status: 'queued' },
  })
  await db.campaignEstimation.update({
    where: { campaignId: c.id },
    data: { status: 'complete', count: 3, completedAt: new Date() },
  })
  expect(
    (await campaignApi('GET', `/api/campaign-recipient-estimation-jobs/${c.id}`, keyA)).json.data.attributes.status,
  ).toBe('complete')
  const count = await campaignApi('GET', `/api/campaign-recipient-estimations/${c.id}`, keyA)
  expect(count.json.data).toMatchObject({
    type: 'campaign-recipient-estimation',
    id: c.id,
    attributes: { estimated_recipient_count: 3 },
  })
})

describe('bad input (issue 10 §4): a clear 400/409 with its pointer, nothing written', () => {
  test('create: overlapping audiences, unknown list, bad strategy, bad tracking, bad message', async () => {
    const before = await db.campaign.count({ where: { companyId: A } })
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ audiences: { included: [listA], excluded: [listA] } }, '/data/attributes/audiences/excluded'],
      [{ audiences: { included: ['NoSuchList'] } }, '/data/attributes/audiences/included'],
      [{ audiences: { included: [listB] } }, '/data/attributes/audiences/included'],
      [{ audiences: undefined }, '/data/attributes/audiences'],
      [{ name: '  ' }, '/data/attributes/name'],
      [
        { send_strategy: { method: 'throttled', datetime: '2030-01-01T00:00:00Z', throttle_percentage: 7 } },
        '/data/attributes/send_strategy/throttle_percentage',
      ],
      [{ send_strategy: { method: 'static', datetime: 'tomorrow' } }, '/data/attributes/send_strategy/datetime'],
      [{ send_strategy: { method: 'sometime' } }, '/data/attributes/send_strategy/method'],
      [
        { tracking_options: { custom_tracking_params: [{ type: 'dynamic', name: 'utm', value: 'weather' }] } },
        '/data/attributes/tracking_options/custom_tracking_params/0/value',
      ],
      [{ 'campaign-messages': undefined }, '/data/attributes/campaign-messages'],
      [{ 'campaign-messages': { data: [] } }, '/data/attributes/campaign-messages/data'],
      [
        {
          'campaign-messages': {
            data: [
              {
                type: 'campaign-message',
                attributes: { definition: { channel: 'email', content: { from_email: 'not-an-address' } } },
              },
            ],
          },
        },
        '/data/attributes/campaign-messages/data/0/attributes/definition/content/from_email',
      ],
    ]
    for (const [over, pointer] of cases) {
      const r = await campaignApi('POST', '/api/campaigns', keyA, createBody(over))
      expect([r.status, pointers(r.json)]).toEqual([400, [pointer]])
    }
    expect(await db.campaign.count({ where: { companyId: A } })).toBe(before)
  })

  test('send: no audience, no template, empty subject, a schedule in the past, overlapping audiences; edited while sending', async () => {
    const noAudience = await create({ name: 'No audience', audiences: { included: [] } })
    const r1 = await campaignApi('POST', '/api/campaign-send-jobs', keyA, {
      data: { type: 'campaign-send-job', id: noAudience.id },
    })
    expect([r1.status, pointers(r1.json)]).toEqual([400, ['/data/attributes/audiences/included']])

    const noTemplate = await create({ name: 'No template' })
    const r2 = await campaignApi('POST', '/api/campaign-send-jobs', keyA, {
      data: { type: 'campaign-send-job', id: noTemplate.id },
    })
    expect(r2.status).toBe(400)
    expect(r2.json.errors[0].detail).toMatch(/template/)

    const past = await create({
      name: 'Past',
      send_strategy: { method: 'static', datetime: '2020-01-01T10:00:00+00:00' },
    })
    const pm = past.relationships['campaign-messages'].data[0]!.id
    await campaignApi('POST', '/api/campaign-message-assign-template', keyA, {
      data: { type: 'campaign-message', id: pm, relationships: { template: { data: { type: 'template', id: tplA } } } },
    })
    const r3 = await campaignApi('POST', '/api/campaign-send-jobs', keyA, {
      data: { type: 'campaign-send-job', id: past.id },
    })
    expect([r3.status, pointers(r3.json)]).toEqual([400, ['/data/attributes/send_strategy/datetime']])
    expect((await db.campaign.findUniqueOrThrow({ where: { id: past.id } })).status).toBe('Draft')

    // Overlap written behind the API's back (an older row) is still refused at send time
    await db.campaign.update({
      where: { id: past.id },
      data: {
        audiences: JSON.stringify({ included: [listA], excluded: [listA] }),
        sendStrategy: '{"method":"immediate"}',
      },
    })
    const r4 = await campaignApi('POST', '/api/campaign-send-jobs', keyA, {
      data: { type: 'campaign-send-job', id: past.id },
    })
    expect([r4.status, pointers(r4.json)]).toEqual([400, ['/data/attributes/audiences/excluded']])
    // …and by PATCH
    const r5 = await campaignApi('PATCH', `/api/campaigns/${past.id}`, keyA, {
      data: { type: 'campaign', id: past.id, attributes: { audiences: { included: [list2A], excluded: [list2A] } } },
    })
    expect([r5.status, pointers(r5.json)]).toEqual([400, ['/data/attributes/audiences/excluded']])

    // Sending: no edit of the campaign or its message, no delete
    await db.campaign.update({ where: { id: past.id }, data: { status: 'Sending' } })
    const r6 = await campaignApi('PATCH', `/api/campaigns/${past.id}`, keyA, {
      data: { type: 'campaign', id: past.id, attributes: { send_options: { use_smart_sending: false } } },
    })
    expect(r6.status).toBe(409)
    const r7 = await campaignApi('PATCH', `/api/campaign-messages/${pm}`, keyA, {
      data: {
        type: 'campaign-message',
        id: pm,
        attributes: { definition: { channel: 'email', content: { subject: 'Changed' } } },
      },
    })
    expect(r7.status).toBe(409)
    expect(JSON.parse((await db.campaignMessage.findUniqueOrThrow({ where: { id: pm } })).content).subject).toBe(
      'Winter sale',
    )
    expect((await campaignApi('DELETE', `/api/campaigns/${past.id}`, keyA)).status).toBe(409)
    // The name may still change
    const r8 = await campaignApi('PATCH', `/api/campaigns/${past.id}`, keyA, {
      data: { type: 'campaign', id: past.id, attributes: { name: 'Renamed while sending' } },
    })
    expect(r8.status).toBe(200)
  })

  test('message channel cannot change; id mismatch; unknown template', async () => {
    const c = await create({ name: 'Channel' })
    const m = c.relationships['campaign-messages'].data[0]!.id
    const r1 = await campaignApi('PATCH', `/api/campaign-messages/${m}`, keyA, {
      data: { type: 'campaign-message', id: m, attributes: { definition: { channel: 'sms', content: { body: 'x' } } } },
    })
    expect([r1.status, pointers(r1.json)]).toEqual([400, ['/data/attributes/definition/channel']])
    const r2 = await campaignApi('PATCH', `/api/campaigns/${c.id}`, keyA, {
      data: { type: 'campaign', id: 'other', attributes: { name: 'x' } },
    })
    expect(r2.status).toBe(409)
    const r3 = await campaignApi('POST', '/api/campaign-message-assign-template', keyA, {
      data: {
        type: 'campaign-message',
        id: m,
        relationships: { template: { data: { type: 'template', id: 'nope00' } } },
      },
    })
    expect([r3.status, pointers(r3.json)]).toEqual([400, ['/data/relationships/template']])
  })
})

test('cross-tenant: another company sees and touches nothing', async () => {
  const c = await create({ name: 'Private' })
  const m = c.relationships['campaign-messages'].data[0]!.id
  const email = encodeURIComponent("equals(messages.channel,'email')")
  expect((await campaignApi('GET', `/api/campaigns?filter=${email}`, keyB)).json.data).toEqual([])
  const calls: Array<[string, string, unknown?]> = [
    ['GET', `/api/campaigns/${c.id}`],
    ['PATCH', `/api/campaigns/${c.id}`, { data: { type: 'campaign', id: c.id, attributes: { name: 'Stolen' } } }],
    ['DELETE', `/api/campaigns/${c.id}`],
    ['GET', `/api/campaigns/${c.id}/campaign-messages`],
    ['GET', `/api/campaign-messages/${m}`],
    [
      'PATCH',
      `/api/campaign-messages/${m}`,
      {
        data: {
          type: 'campaign-message',
          id: m,
          attributes: { definition: { channel: 'email', content: { subject: 'Stolen' } } },
        },
      },
    ],
    [
      'POST',
      '/api/campaign-message-assign-template',
      {
        data: {
          type: 'campaign-message',
          id: m,
          relationships: { template: { data: { type: 'template', id: tplB } } },
        },
      },
    ],
    ['POST', '/api/campaign-send-jobs', { data: { type: 'campaign-send-job', id: c.id } }],
    ['GET', `/api/campaign-send-jobs/${c.id}`],
    [
      'PATCH',
      `/api/campaign-send-jobs/${c.id}`,
      { data: { type: 'campaign-send-job', id: c.id, attributes: { action: 'cancel' } } },
    ],
    [
      'POST',
      '/api/campaign-recipient-estimation-jobs',
      { data: { type: 'campaign-recipient-estimation-job', id: c.id } },
    ],
    ['POST', '/api/campaign-clone', { data: { type: 'campaign', id: c.id, attributes: {} } }],
  ]
  for (const [method, path, body] of calls)
    expect([method, path, (await campaignApi(method, path, keyB, body)).status]).toEqual([method, path, 404])
  // A's message cannot take B's template
  const r = await campaignApi('POST', '/api/campaign-message-assign-template', keyA, {
    data: { type: 'campaign-message', id: m, relationships: { template: { data: { type: 'template', id: tplB } } } },
  })
  expect(r.status).toBe(400)
  const row = await db.campaign.findUniqueOrThrow({ where: { id: c.id } })
  expect(row).toMatchObject({ name: 'Private', status: 'Draft' })
  expect(await db.campaign.count({ where: { companyId: B } })).toBe(0)
})

test('scopes: a key without campaigns:write cannot create; campaigns:read lists', async () => {
  const readOnly = await makeApiKey(A, ['campaigns:read'])
  expect((await campaignApi('POST', '/api/campaigns', readOnly, createBody())).status).toBe(403)
  expect(
    (
      await campaignApi(
        'GET',
        `/api/campaigns?filter=${encodeURIComponent("equals(messages.channel,'email')")}`,
        readOnly,
      )
    ).status,
  ).toBe(200)
})

test('sparse fieldsets and include=tags on the list; sort by scheduled_at with nulls', async () => {
  await db.tagGroup.create({ data: { id: 'tgApi', companyId: A, name: 'Group' } })
  await db.tag.create({ data: { id: 'tagApi', companyId: A, groupId: 'tgApi', name: 'Holiday' } })
  const c = await create({ name: 'Fields' })
  await db.tagLink.create({ data: { companyId: A, tagId: 'tagApi', resourceType: 'campaign', resourceId: c.id } })
  const r = await campaignApi(
    'GET',
    `/api/campaigns?filter=${encodeURIComponent(`equals(messages.channel,'email'),any(id,["${c.id}"])`)}&fields[campaign]=name,status&include=tags`,
    keyA,
  )
  expect(r.status).toBe(200)
  expect(r.json.data[0].attributes).toEqual({ name: 'Fields', status: 'Draft' })
  expect(r.json.data[0].relationships.tags.data).toEqual([{ type: 'tag', id: 'tagApi' }])
  expect(r.json.included).toEqual([
    expect.objectContaining({ type: 'tag', id: 'tagApi', attributes: { name: 'Holiday' } }),
  ])
  expect(
    (
      await campaignApi(
        'GET',
        `/api/campaigns?filter=${encodeURIComponent("equals(messages.channel,'email')")}&fields[campaign]=colour`,
        keyA,
      )
    ).status,
  ).toBe(400)
  const sorted = await campaignApi(
    'GET',
    `/api/campaigns?filter=${encodeURIComponent("equals(messages.channel,'email')")}&sort=-scheduled_at&page[size]=2`,
    keyA,
  )
  expect(sorted.status).toBe(200)
  const seen: string[] = sorted.json.data.map((d: { id: string }) => d.id)
  let next = sorted.json.links.next
  while (next) {
    const p = await campaignApi('GET', next.replace('http://localhost:3000', ''), keyA)
    seen.push(...p.json.data.map((d: { id: string }) => d.id))
    next = p.json.links.next
  }
  expect(new Set(seen).size).toBe(seen.length)
  expect(seen.length).toBe(await db.campaign.count({ where: { companyId: A, channel: 'email' } }))
})
