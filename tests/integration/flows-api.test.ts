/** @jest-environment node */
// The public /api flows family against the real route handlers and a real database: create
// from a definition (temporary ids become real), get with definition, list filters, status,
// versions on edit, flow-actions, flow-messages, flow-triggers, delete, bad input with
// pointers and nothing half-saved, cross-company isolation, and the /flow/{id}.json export.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { LIST, SEGMENT } from '@/lib/groups/group-view'
import { GET as exportFlow } from '@/app/(app)/flow/[flowId]/route'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { flowApi } from './flows-api-routes'

let companyId: number
let key: string
let otherKey: string
let otherCompanyId: number

async function fixtures(cid: number, suffix: string) {
  await db.group.create({ data: { id: 'Lst' + suffix, companyId: cid, name: 'Newsletter', type: LIST } })
  await db.group.create({ data: { id: 'Seg' + suffix, companyId: cid, name: 'VIPs', type: SEGMENT } })
  await db.metric.create({ data: { id: 'Met' + suffix, companyId: cid, name: 'Placed Order' } })
  await db.template.create({
    data: {
      id: 'Tpl' + suffix,
      companyId: cid,
      name: 'Welcome',
      editorType: 'CODE',
      html: '<p>Hi</p>',
      compiledHtml: '<p>Hi</p>',
      compiledText: 'Hi',
    },
  })
}

function welcome(suffix = 'AAA') {
  return {
    triggers: [{ type: 'list', id: 'Lst' + suffix }],
    profile_filter: {
      condition_groups: [
        { conditions: [{ type: 'profile-group-membership', is_member: false, group_ids: ['Seg' + suffix] }] },
      ],
    },
    entry_action_id: 'split',
    reentry_criteria: { duration: 1, unit: 'alltime' },
    actions: [
      {
        temporary_id: 'split',
        type: 'conditional-split',
        links: { next_if_true: 'email1', next_if_false: 'wait' },
        data: {
          profile_filter: {
            condition_groups: [
              {
                conditions: [
                  {
                    type: 'profile-metric',
                    metric_id: 'Met' + suffix,
                    measurement: 'count',
                    measurement_filter: { type: 'numeric', operator: 'greater-than', value: 0 },
                    timeframe_filter: { type: 'date', operator: 'alltime' },
                  },
                ],
              },
            ],
          },
        },
      },
      {
        temporary_id: 'wait',
        type: 'time-delay',
        links: { next: 'email1' },
        data: { unit: 'days', value: 2, timezone: 'profile' },
      },
      {
        temporary_id: 'email1',
        type: 'send-email',
        links: { next: 'tag' },
        data: {
          status: 'draft',
          message: {
            name: 'Welcome email',
            from_email: 'shop@example.com',
            from_label: 'Shop',
            subject_line: 'Welcome!',
            template_id: 'Tpl' + suffix,
          },
        },
      },
      {
        temporary_id: 'tag',
        type: 'list-update',
        links: { next: null },
        data: { name: 'Tag welcomed', on_execution: true, list_id: 'Lst' + suffix },
      },
    ],
  }
}

const createBody = (definition: unknown, name = 'Welcome series') => ({
  data: { type: 'flow', attributes: { name, definition } },
})

beforeAll(async () => {
  companyId = (await makeCompany('Flows A')).id
  otherCompanyId = (await makeCompany('Flows B')).id
  key = await makeApiKey(companyId)
  otherKey = await makeApiKey(otherCompanyId)
  await fixtures(companyId, 'AAA')
  await fixtures(otherCompanyId, 'BBB')
})
beforeEach(() => resetRateLimits())

async function create(def: unknown = welcome(), name?: string) {
  await resetRateLimits()
  const res = await flowApi('POST', '/api/flows', key, createBody(def, name))
  expect(res.status).toBe(201)
  return res.json.data
}

test('POST /api/flows: 201, real ids everywhere the temporary ids were, version 1, message and trigger rows', async () => {
  const flow = await create()
  const def = flow.attributes.definition
  expect(flow).toMatchObject({
    type: 'flow',
    attributes: { name: 'Welcome series', status: 'draft', archived: false, trigger_type: 'Added to List' },
  })
  const ids = def.actions.map((a: { id: string }) => a.id)
  for (const id of ids) expect(id).toMatch(/^\d{10}$/)
  for (const a of def.actions) expect(a).not.toHaveProperty('temporary_id')
  const [split, wait, email, tag] = ids
  expect(def.entry_action_id).toBe(split)
  expect(def.actions[0].links).toEqual({ next_if_true: email, next_if_false: wait })
  expect(def.actions[1].links).toEqual({ next: email })
  expect(def.actions[2].links).toEqual({ next: tag })
  expect(def.actions[2].data.message.id).toMatch(/^[A-Za-z0-9]{6}$/)
  expect(def.actions[2].data.status).toBe('draft')
  expect(def.reentry_criteria).toEqual({ duration: 1, unit: 'alltime' })
  expect(await db.flowVersion.count({ where: { flowId: flow.id } })).toBe(1)
  expect(await db.flowAction.count({ where: { flowId: flow.id } })).toBe(4)
  expect(await db.flowMessage.findMany({ where: { flowId: flow.id } })).toEqual([
    expect.objectContaining({ channel: 'email', actionId: email, templateId: 'TplAAA', name: 'Welcome email' }),
  ])
  expect((await db.flow.findUnique({ where: { id: flow.id } }))!.webhookSecret.length).toBeGreaterThan(30)
})

// [case, change to the welcome definition, pointer]
const BAD: Array<[string, (d: ReturnType<typeof welcome>) => void, string]> = [
  [
    'a cycle',
    (d) => {
      ;(d.actions[3]!.links as { next: string | null }).next = 'split'
    },
    '/data/attributes/definition/actions/3/links/next',
  ],
  [
    'a dangling link',
    (d) => {
      ;(d.actions[1]!.links as { next: string }).next = 'nowhere'
    },
    '/data/attributes/definition/actions/1/links/next',
  ],
  [
    'a missing entry action',
    (d) => {
      ;(d as { entry_action_id: string | null }).entry_action_id = null
    },
    '/data/attributes/definition/entry_action_id',
  ],
  [
    'an unknown list',
    (d) => {
      d.triggers[0]!.id = 'LstBBB'
    },
    '/data/attributes/definition/triggers/0/id',
  ],
  [
    'an unknown template',
    (d) => {
      ;(d.actions[2]!.data as { message: { template_id: string } }).message.template_id = 'TplBBB'
    },
    '/data/attributes/definition/actions/2/data/message/template_id',
  ],
  [
    'an id on create',
    (d) => {
      ;(d.actions[1] as { id?: string }).id = '1234567890'
    },
    '/data/attributes/definition/actions/1/id',
  ],
  [
    'a delay without value',
    (d) => {
      delete (d.actions[1]!.data as { value?: number }).value
    },
    '/data/attributes/definition/actions/1/data/value',
  ],
]

test.each(BAD)('POST /api/flows refuses %s: 400 with its pointer, nothing saved', async (_name, change, pointer) => {
  const before = await Promise.all([
    db.flow.count(),
    db.flowAction.count(),
    db.flowVersion.count(),
    db.flowMessage.count(),
    db.flowTrigger.count(),
  ])
  const d = welcome()
  change(d)
  const res = await flowApi('POST', '/api/flows', key, createBody(d))
  expect(res.status).toBe(400)
  expect(res.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toContain(pointer)
  expect(res.json.errors[0]).toMatchObject({ status: 400, code: 'invalid', title: 'Invalid input.' })
  expect(
    await Promise.all([
      db.flow.count(),
      db.flowAction.count(),
      db.flowVersion.count(),
      db.flowMessage.count(),
      db.flowTrigger.count(),
    ]),
  ).toEqual(before)
})

test('GET /api/flows/{id}: definition only with additional-fields; include=flow-actions; any revision; unknown kinds labeled', async () => {
  const d = welcome() as Record<string, unknown> & ReturnType<typeof welcome>
  ;(d.actions as unknown[]).push({
    temporary_id: 'bot',
    type: 'ai-robot',
    links: { next: null },
    data: { prompt: 'hello' },
  })
  ;(d.actions[3]!.links as { next: string | null }).next = 'bot'
  const flow = await create(d, 'With robot')
  const plain = await flowApi('GET', `/api/flows/${flow.id}`, key)
  expect(plain.status).toBe(200)
  expect(plain.json.data.attributes).not.toHaveProperty('definition')
  const full = await flowApi(
    'GET',
    `/api/flows/${flow.id}?additional-fields[flow]=definition&include=flow-actions,tags`,
    key,
    undefined,
    '2025-01-15',
  )
  expect(full.status).toBe(200)
  const robot = full.json.data.attributes.definition.actions[4]
  expect(robot).toMatchObject({ type: 'ai-robot', unsupported: true, data: { prompt: 'hello' } })
  expect(full.json.data.relationships['flow-actions'].data).toHaveLength(5)
  expect(full.json.data.relationships.tags.data).toEqual([])
  expect(full.json.included.map((i: { type: string }) => i.type)).toEqual(Array(5).fill('flow-action'))
  expect((await flowApi('GET', `/api/flows/${flow.id}`, key, undefined, '2025-01-15.pre')).status).toBe(200)
  expect((await flowApi('GET', `/api/flows/${flow.id}`, key, undefined, 'yesterday')).status).toBe(400)
})

test('GET /api/flows: name, status, trigger_type and date filters; 50 per page with a cursor', async () => {
  const a = await create(welcome(), 'Zeta newsletter flow')
  const got = await flowApi('GET', `/api/flows?filter=${encodeURIComponent('contains(name,"newsletter")')}`, key)
  expect(got.json.data.map((f: { id: string }) => f.id)).toEqual([a.id])
  const starts = await flowApi(
    'GET',
    `/api/flows?filter=${encodeURIComponent('starts-with(name,"Zeta"),equals(status,"draft"),equals(trigger_type,"Added to List"),greater-than(created,2020-01-01T00:00:00Z)')}`,
    key,
  )
  expect(starts.json.data.map((f: { id: string }) => f.id)).toEqual([a.id])
  expect(
    (await flowApi('GET', `/api/flows?filter=${encodeURIComponent('equals(status,"live")')}`, key)).json.data,
  ).toEqual([])
  expect((await flowApi('GET', `/api/flows?filter=${encodeURIComponent('equals(colour,"red")')}`, key)).status).toBe(
    400,
  )
  const page = await flowApi('GET', '/api/flows?page[size]=1&sort=-created', key)
  expect(page.json.data).toHaveLength(1)
  const next = new URL(page.json.links.next)
  const page2 = await flowApi('GET', next.pathname + next.search, key)
  expect(page2.json.data).toHaveLength(1)
  expect(page2.json.data[0].id).not.toBe(page.json.data[0].id)
  expect((await flowApi('GET', '/api/flows?page[size]=51', key)).status).toBe(400)
})

test('PATCH /api/flows/{id}: status sets every action; only draft, manual and live', async () => {
  const flow = await create()
  const res = await flowApi('PATCH', `/api/flows/${flow.id}?additional-fields[flow]=definition`, key, {
    data: { type: 'flow', id: flow.id, attributes: { status: 'live' } },
  })
  expect(res.status).toBe(200)
  expect(res.json.data.attributes.status).toBe('live')
  expect(new Set((await db.flowAction.findMany({ where: { flowId: flow.id } })).map((a) => a.status))).toEqual(
    new Set(['live']),
  )
  const def = res.json.data.attributes.definition
  expect(def.actions[2].data.status).toBe('live')
  expect(def.actions[3].data.status).toBe('live')
  expect(def.actions[1].data).not.toHaveProperty('status') // time-delay data has no status
  const bad = await flowApi('PATCH', `/api/flows/${flow.id}`, key, {
    data: { type: 'flow', id: flow.id, attributes: { status: 'paused' } },
  })
  expect(bad.status).toBe(400)
  expect(bad.json.errors[0].source.pointer).toBe('/data/attributes/status')
  expect((await db.flow.findUnique({ where: { id: flow.id } }))!.status).toBe(2)
})

test('PATCH /api/flow-actions/{id}: a new version; the old one unchanged; bad links refused with nothing saved', async () => {
  const flow = await create()
  await flowApi('PATCH', `/api/flows/${flow.id}`, key, {
    data: { type: 'flow', id: flow.id, attributes: { status: 'live' } },
  })
  const wait = flow.attributes.definition.actions[1]
  const changed = { ...wait, data: { ...wait.data, value: 5, unit: 'hours' } }
  const res = await flowApi('PATCH', `/api/flow-actions/${wait.id}`, key, {
    data: { type: 'flow-action', id: wait.id, attributes: { definition: changed } },
  })
  expect(res.status).toBe(200)
  expect(res.json.data.attributes.definition.data).toMatchObject({ value: 5, unit: 'hours' })
  const versions = await db.flowVersion.findMany({ where: { flowId: flow.id }, orderBy: { version: 'asc' } })
  expect(versions.map((v) => v.version)).toEqual([1, 2])
  expect(JSON.parse(versions[0]!.definition).actions[1].data.value).toBe(2)
  expect(JSON.parse(versions[1]!.definition).actions[1].data.value).toBe(5)
  expect((await db.flow.findUnique({ where: { id: flow.id } }))!.currentVersion).toBe(2)

  const dangling = { ...wait, links: { next: '999' } }
  const bad = await flowApi('PATCH', `/api/flow-actions/${wait.id}`, key, {
    data: { type: 'flow-action', id: wait.id, attributes: { definition: dangling } },
  })
  expect(bad.status).toBe(400)
  expect(bad.json.errors[0].source.pointer).toBe('/data/attributes/definition/links/next')
  const retype = await flowApi('PATCH', `/api/flow-actions/${wait.id}`, key, {
    data: { type: 'flow-action', id: wait.id, attributes: { definition: { ...wait, type: 'send-sms' } } },
  })
  expect(retype.status).toBe(400)
  expect(await db.flowVersion.count({ where: { flowId: flow.id } })).toBe(2)
})

test('flow-actions, flow-messages and their relationships', async () => {
  const flow = await create()
  const [, , email] = flow.attributes.definition.actions
  const actions = await flowApi(
    'GET',
    `/api/flows/${flow.id}/flow-actions?filter=${encodeURIComponent('equals(action_type,"send-email")')}`,
    key,
  )
  expect(actions.json.data.map((a: { id: string }) => a.id)).toEqual([email.id])
  expect(actions.json.data[0].attributes.definition).toMatchObject({ id: email.id, type: 'send-email' })
  const rel = await flowApi('GET', `/api/flows/${flow.id}/relationships/flow-actions`, key)
  expect(rel.json.data).toHaveLength(4)
  expect(rel.json.data[0]).toEqual({ type: 'flow-action', id: expect.any(String) })
  expect((await flowApi('GET', `/api/flow-actions/${email.id}/flow`, key)).json.data.id).toBe(flow.id)
  expect((await flowApi('GET', `/api/flow-actions/${email.id}/relationships/flow`, key)).json.data).toEqual({
    type: 'flow',
    id: flow.id,
  })

  const messages = await flowApi('GET', `/api/flow-actions/${email.id}/flow-messages`, key)
  expect(messages.json.data).toHaveLength(1)
  const m = messages.json.data[0]
  expect(m).toMatchObject({
    type: 'flow-message',
    id: email.data.message.id,
    attributes: { channel: 'email', definition: { subject_line: 'Welcome!', template_id: 'TplAAA' } },
  })
  const one = await flowApi('GET', `/api/flow-messages/${m.id}?include=flow-action,template`, key)
  expect(one.status).toBe(200)
  expect(one.json.data.relationships.template.data).toEqual({ type: 'template', id: 'TplAAA' })
  expect(one.json.included.map((i: { type: string; id: string }) => [i.type, i.id])).toEqual([
    ['flow-action', email.id],
    ['template', 'TplAAA'],
  ])
  expect((await flowApi('GET', `/api/flow-messages/${m.id}/relationships/flow-action`, key)).json.data).toEqual({
    type: 'flow-action',
    id: email.id,
  })
  expect((await flowApi('GET', `/api/flow-messages/${m.id}/relationships/template`, key)).json.data).toEqual({
    type: 'template',
    id: 'TplAAA',
  })
  expect((await flowApi('GET', `/api/flow-actions/${email.id}/relationships/flow-messages`, key)).json.data).toEqual([
    { type: 'flow-message', id: m.id },
  ])
})

test('flow-triggers of lists, segments and metrics', async () => {
  const byList = await create(welcome(), 'By list')
  const byMetric = await create(
    { ...welcome(), triggers: [{ type: 'metric', id: 'MetAAA', trigger_filter: null }] },
    'By metric',
  )
  const bySegment = await create({ ...welcome(), triggers: [{ type: 'segment', id: 'SegAAA' }] }, 'By segment')
  expect(bySegment.attributes.trigger_type).toBeNull()
  const lists = await flowApi('GET', '/api/lists/LstAAA/flow-triggers', key)
  expect(lists.status).toBe(200)
  expect(lists.json.data.map((f: { id: string }) => f.id)).toContain(byList.id)
  expect(lists.json.data.map((f: { id: string }) => f.id)).not.toContain(byMetric.id)
  expect((await flowApi('GET', '/api/metrics/MetAAA/relationships/flow-triggers', key)).json.data).toEqual([
    { type: 'flow', id: byMetric.id },
  ])
  expect(
    (await flowApi('GET', '/api/segments/SegAAA/flow-triggers', key)).json.data.map((f: { id: string }) => f.id),
  ).toEqual([bySegment.id])
  expect((await flowApi('GET', '/api/lists/NoSuch/flow-triggers', key)).status).toBe(404)
})

test('DELETE /api/flow-actions/{id} relinks around it; DELETE /api/flows/{id} removes everything', async () => {
  const flow = await create()
  const [split, wait, email] = flow.attributes.definition.actions
  expect((await flowApi('DELETE', `/api/flow-actions/${wait.id}`, key)).status).toBe(204)
  const after = await flowApi('GET', `/api/flows/${flow.id}?additional-fields[flow]=definition`, key)
  const def = after.json.data.attributes.definition
  expect(def.actions.map((a: { id: string }) => a.id)).not.toContain(wait.id)
  expect(def.actions.find((a: { id: string }) => a.id === split.id).links).toEqual({
    next_if_true: email.id,
    next_if_false: email.id,
  })
  expect((await flowApi('GET', `/api/flow-actions/${wait.id}`, key)).status).toBe(404)

  expect((await flowApi('DELETE', `/api/flows/${flow.id}`, key)).status).toBe(204)
  expect((await flowApi('GET', `/api/flows/${flow.id}`, key)).status).toBe(404)
  for (const table of [db.flowAction, db.flowVersion, db.flowMessage, db.flowTrigger] as Array<{
    count(a: unknown): Promise<number>
  }>) {
    expect(await table.count({ where: { flowId: flow.id } })).toBe(0)
  }
})

test('cross-company: another account sees and touches nothing, and cannot reference our lists', async () => {
  const flow = await create()
  const [, wait, email] = flow.attributes.definition.actions
  const messageId = email.data.message.id
  const other = (m: string, p: string, b?: unknown) => flowApi(m, p, otherKey, b)
  expect((await other('GET', `/api/flows/${flow.id}`)).status).toBe(404)
  expect(
    (
      await other('PATCH', `/api/flows/${flow.id}`, {
        data: { type: 'flow', id: flow.id, attributes: { status: 'live' } },
      })
    ).status,
  ).toBe(404)
  expect((await other('DELETE', `/api/flows/${flow.id}`)).status).toBe(404)
  expect((await other('GET', `/api/flows/${flow.id}/flow-actions`)).status).toBe(404)
  expect((await other('GET', `/api/flow-actions/${wait.id}`)).status).toBe(404)
  expect(
    (
      await other('PATCH', `/api/flow-actions/${wait.id}`, {
        data: { type: 'flow-action', id: wait.id, attributes: { definition: wait } },
      })
    ).status,
  ).toBe(404)
  expect((await other('DELETE', `/api/flow-actions/${wait.id}`)).status).toBe(404)
  expect((await other('GET', `/api/flow-messages/${messageId}`)).status).toBe(404)
  expect((await other('GET', '/api/lists/LstAAA/flow-triggers')).status).toBe(404)
  expect((await other('GET', '/api/flows')).json.data).toEqual([])
  const stolen = await other('POST', '/api/flows', createBody(welcome('AAA')))
  expect(stolen.status).toBe(400)
  expect(stolen.json.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual(
    expect.arrayContaining([
      '/data/attributes/definition/triggers/0/id',
      '/data/attributes/definition/actions/2/data/message/template_id',
    ]),
  )
  expect((await db.flow.findUnique({ where: { id: flow.id } }))!.status).toBe(0)
  expect(await db.flowAction.count({ where: { id: wait.id } })).toBe(1)
})

test('scopes: a flows:read key reads but cannot write', async () => {
  const readOnly = await makeApiKey(companyId, ['flows:read'])
  expect((await flowApi('GET', '/api/flows', readOnly)).status).toBe(200)
  expect((await flowApi('POST', '/api/flows', readOnly, createBody(welcome()))).status).toBe(403)
})

test('GET /flow/{id}.json exports a definition that POST /api/flows imports unchanged', async () => {
  const flow = await create()
  const user = await makeUser({ companyId })
  const cookie = await signIn(user.id, companyId)
  const res = await exportFlow(ajaxRequest(`/flow/${flow.id}.json`, { cookie }), params({ flowId: `${flow.id}.json` }))
  expect(res.status).toBe(200)
  const doc = await res.json()
  expect(doc.data.attributes.definition.actions.map((a: { temporary_id: string }) => a.temporary_id)).toEqual(
    flow.attributes.definition.actions.map((a: { id: string }) => a.id),
  )
  await resetRateLimits()
  const imported = await flowApi('POST', '/api/flows', key, doc)
  expect(imported.status).toBe(201)
  // Same definition, only the ids are new.
  const strip = (def: { actions: Array<Record<string, unknown>>; entry_action_id: string }) => {
    const map = new Map(def.actions.map((a, i) => [a.id as string, `#${i}`]))
    return JSON.parse(
      JSON.stringify({ ...def, entry_action_id: map.get(def.entry_action_id) }, (k, v) =>
        typeof v === 'string' && map.has(v)
          ? map.get(v)
          : k === 'id' && typeof v === 'string' && /^[A-Za-z0-9]{6}$/.test(v)
            ? 'MSG'
            : v,
      ),
    )
  }
  expect(strip(imported.json.data.attributes.definition)).toEqual(strip(flow.attributes.definition))

  // Another account's flow is not found; a path without .json is not found either.
  const outsider = await makeUser({ companyId: otherCompanyId })
  const other = await exportFlow(
    ajaxRequest(`/flow/${flow.id}.json`, { cookie: await signIn(outsider.id, otherCompanyId) }),
    params({ flowId: `${flow.id}.json` }),
  )
  expect(other.status).toBe(404)
  expect((await exportFlow(ajaxRequest(`/flow/${flow.id}`, { cookie }), params({ flowId: flow.id }))).status).toBe(404)
})
