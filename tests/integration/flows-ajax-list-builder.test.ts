/** @jest-environment node */
// The builder's calls of the /ajax flows family (seed 002 §7.1): GET /ajax/flow/{id}/edit (the
// load contract), POST /ajax/flow/encoded (save: create, new version with real ids, 400 with
// pointers and nothing saved, 409 on a stale version), GET /ajax/flow/encoded/{id}, the audit
// log, the changes, the alert center and /ux-api/flows/{id} with its revision header; another
// company's flow is invisible through each.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)

import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { GET as editGet } from '@/app/ajax/flow/[id]/edit/route'
import { POST as savePost } from '@/app/ajax/flow/encoded/route'
import { GET as encodedGet } from '@/app/ajax/flow/encoded/[id]/route'
import { GET as auditGet } from '@/app/ajax/flow/audit/[id]/route'
import { GET as changesGet } from '@/app/ajax/flow/[id]/changes/route'
import { GET as alertGet } from '@/app/ajax/flow/[id]/alert-center/route'
import { POST as detailsPost } from '@/app/ajax/flow/[id]/details/route'
import { POST as createPost } from '@/app/ajax/flows/create/route'
import { GET as uxGet } from '@/app/ux-api/flows/[id]/route'
import { makeCompany, makeUser, signIn } from '../helpers/factory'
import { call, fixtures, welcome } from './flows-ajax-list-helpers'

let A: number, B: number, owner: string, ownerB: string, analyst: string, coordinator: string

beforeAll(async () => {
  A = (await makeCompany('Builder A')).id
  B = (await makeCompany('Builder B')).id
  owner = await signIn((await makeUser({ companyId: A })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B })).id, B)
  analyst = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  coordinator = await signIn((await makeUser({ companyId: A, role: 'campaign_coordinator' })).id, A)
  await fixtures(A, 'AAA')
  await fixtures(B, 'BBB')
})

const save = (body: unknown, cookie = owner) => call(savePost, '/ajax/flow/encoded', { method: 'POST', body, cookie })
const id = (flowId: string) => ({ id: flowId })

describe('save (POST /ajax/flow/encoded) and load (GET /ajax/flow/{id}/edit)', () => {
  let flowId: string
  let v1: {
    actions: Array<{ id: string; type: string; links?: Record<string, string | null> }>
    entry_action_id: string
  }

  test('no flowId: creates a draft with real ids; the load call answers the fixed contract', async () => {
    const r = await save({ name: 'Built', definition: welcome('AAA') })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ flowId: expect.any(String), version: 1 })
    flowId = r.json.flowId
    v1 = r.json.definition
    for (const a of v1.actions) expect(a.id).toMatch(/^\d{10}$/)
    expect(JSON.stringify(v1)).not.toContain('temporary_id')

    const e = await call(editGet, '/x', { p: id(flowId), cookie: owner })
    expect(e.status).toBe(200)
    expect(e.json.flow).toEqual({
      id: flowId,
      name: 'Built',
      status: '0',
      statusName: 'draft',
      archived: false,
      triggerType: 'Added to List',
      version: 1,
      updatedAt: expect.any(String),
      webhookSecretSet: true,
    })
    expect(e.json.definition.entry_action_id).toBe(v1.entry_action_id)
    expect(e.json.actions.map((a: { type: string }) => a.type)).toEqual([
      'conditional-split',
      'time-delay',
      'send-email',
      'list-update',
    ])
    expect(e.json.actions[2]).toEqual({ id: v1.actions[2]!.id, type: 'send-email', status: 'draft' })
    expect(e.json.messages).toEqual([
      {
        id: expect.any(String),
        actionId: v1.actions[2]!.id,
        channel: 'email',
        name: 'Welcome email',
        templateId: 'TplAAA',
      },
    ])
    for (const a of v1.actions) expect(e.json.counts[a.id]).toEqual({ waiting: 0, done: 0 })
    expect(e.json.issues).toEqual([])
  })

  test('counts: runs at each action and steps done', async () => {
    const [split, wait, email] = v1.actions.map((a) => a.id)
    for (let i = 0; i < 3; i++) {
      const runId = ulid()
      await db.flowRun.create({
        data: {
          id: runId,
          companyId: A,
          flowId,
          version: 1,
          profileId: `p${i}`,
          entryKey: `k${i}`,
          triggerKind: 'list',
          status: i === 2 ? 'completed' : 'active',
          currentActionId: i === 2 ? null : wait,
          wakeAt: new Date(),
        },
      })
      await db.flowStep.create({
        data: {
          companyId: A,
          flowId,
          runId,
          actionId: split!,
          actionType: 'conditional-split',
          profileId: `p${i}`,
          status: 'done',
          at: new Date(),
        },
      })
    }
    await db.flowStep.create({
      data: {
        companyId: A,
        flowId,
        runId: 'r-fail',
        actionId: email!,
        actionType: 'send-email',
        profileId: 'p0',
        status: 'failed',
        outcome: 'smtp down',
        at: new Date(),
      },
    })
    const e = await call(editGet, '/x', { p: id(flowId), cookie: owner })
    expect(e.json.counts[wait!]).toEqual({ waiting: 2, done: 0 })
    expect(e.json.counts[split!]).toEqual({ waiting: 0, done: 3 })
  })

  test('saving an edit: new version, a new action gets a real id, links rewritten; audit and changes record it', async () => {
    const def = JSON.parse(JSON.stringify(v1))
    const email = def.actions[2]
    email.links.next = 'extra'
    def.actions.push({
      temporary_id: 'extra',
      type: 'time-delay',
      links: { next: def.actions[3].id },
      data: { unit: 'hours', value: 3 },
    })
    def.actions[1].data.value = 5
    const r = await save({ flowId, name: 'Built v2', expectedVersion: 1, definition: def })
    expect(r.status).toBe(200)
    expect(r.json.version).toBe(2)
    const extra = r.json.definition.actions[4]
    expect(extra.id).toMatch(/^\d{10}$/)
    expect(r.json.definition.actions[2].links.next).toBe(extra.id)
    expect((await db.flow.findFirstOrThrow({ where: { id: flowId } })).name).toBe('Built v2')

    const changes = await call(changesGet, '/x', { p: id(flowId), cookie: owner })
    expect(changes.json.changes[0]).toMatchObject({
      version: 2,
      added: [extra.id],
      removed: [],
      changed: expect.arrayContaining([v1.actions[1]!.id, v1.actions[2]!.id]),
      who: { name: 'Test User' },
    })
    expect(changes.json.changes[0].summary).toContain('1 action added')
    expect(changes.json.changes[1]).toMatchObject({ version: 1, summary: 'Flow created.' })

    const audit = await call(auditGet, '/x', { p: id(flowId), cookie: owner })
    expect(audit.json.entries.map((e: { action: string }) => e.action)).toEqual(['save', 'create'])
    expect(audit.json.entries[0]).toMatchObject({
      version: 2,
      user: { name: 'Test User' },
      detail: { added: [extra.id], name: 'Built v2' },
    })
  })

  test('a stale expectedVersion: 409, nothing saved', async () => {
    const e = await call(editGet, '/x', { p: id(flowId), cookie: owner })
    const r = await save({ flowId, expectedVersion: 1, definition: e.json.definition })
    expect(r.status).toBe(409)
    expect((await db.flow.findFirstOrThrow({ where: { id: flowId } })).currentVersion).toBe(2)
  })

  test('invalid definitions: 400 { errors: [{ pointer, message }] }, nothing saved', async () => {
    const e = await call(editGet, '/x', { p: id(flowId), cookie: owner })
    const def = JSON.parse(JSON.stringify(e.json.definition))
    const cyc = JSON.parse(JSON.stringify(def))
    cyc.actions[3].links.next = cyc.actions[0].id
    const cycle = await save({ flowId, definition: cyc })
    expect(cycle.status).toBe(400)
    expect(cycle.json.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ message: expect.stringContaining('cycle') })]),
    )
    const dangling = JSON.parse(JSON.stringify(def))
    dangling.actions[1].links.next = '123'
    expect((await save({ flowId, definition: dangling })).json.errors[0]).toEqual({
      pointer: '/actions/1/links/next',
      message: expect.stringContaining('"123"'),
    })
    const noEntry = { ...def, entry_action_id: null }
    expect((await save({ flowId, definition: noEntry })).json.errors[0].pointer).toBe('/entry_action_id')
    const unknownTpl = JSON.parse(JSON.stringify(def))
    unknownTpl.actions[2].data.message.template_id = 'TplBBB'
    expect((await save({ flowId, definition: unknownTpl })).json.errors).toEqual([
      { pointer: '/actions/2/data/message/template_id', message: 'There is no template with id "TplBBB".' },
    ])
    const shape = await save({ flowId, definition: { triggers: 'x', actions: [] } })
    expect(shape.status).toBe(400)
    expect(shape.json.errors[0].pointer).toBe('/triggers')
    const none = await save({ flowId })
    expect(none.status).toBe(400)
    expect(none.json.fieldErrors.definition).toBeDefined()
    expect((await db.flow.findFirstOrThrow({ where: { id: flowId } })).currentVersion).toBe(2)
    expect(await db.flowVersion.count({ where: { flowId } })).toBe(2)
  })

  test('permissions: an analyst cannot save; a campaign coordinator edits but cannot create', async () => {
    const e = await call(editGet, '/x', { p: id(flowId), cookie: analyst })
    expect(e.status).toBe(200)
    expect((await save({ flowId, definition: e.json.definition }, analyst)).status).toBe(403)
    expect((await save({ flowId, definition: e.json.definition }, coordinator)).status).toBe(200)
    expect((await save({ name: 'new', definition: welcome('AAA') }, coordinator)).status).toBe(403)
  })

  test('another company: 404 on every builder call, its save cannot touch the flow', async () => {
    for (const h of [editGet, auditGet, changesGet, alertGet, encodedGet])
      expect((await call(h, '/x', { p: id(flowId), cookie: ownerB })).status).toBe(404)
    const e = await call(editGet, '/x', { p: id(flowId), cookie: owner })
    expect((await save({ flowId, definition: e.json.definition }, ownerB)).status).toBe(404)
    expect((await call(uxGet, `/ux-api/flows/${flowId}`, { p: id(flowId), cookie: ownerB })).status).toBe(404)
  })

  test('encoded export: a create document that imports unchanged; tags, library shape, references', async () => {
    await call(detailsPost, '/x', { method: 'POST', p: id(flowId), body: { tags: ['onboarding'] }, cookie: owner })
    const r = await call(encodedGet, '/ajax/flow/encoded/x?includeTags=true', { p: id(flowId), cookie: owner })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({
      schemaVersion: '2025-01-15',
      isFromLibrary: false,
      flow: { id: flowId, name: 'Built v2', tags: ['onboarding'], status: '0' },
    })
    for (const a of r.json.flow.definition.actions) {
      expect(a.id).toBeUndefined()
      expect(a.temporary_id).toEqual(expect.any(String))
    }
    expect(r.json.references).toEqual(
      expect.arrayContaining([
        { kind: 'list', id: 'LstAAA', name: 'Newsletter', pointer: '/triggers/0/id' },
        { kind: 'template', id: 'TplAAA', name: 'Welcome', pointer: expect.stringContaining('/template_id') },
      ]),
    )
    const lib = await call(encodedGet, '/ajax/flow/encoded/x?isFromLibrary=true&schemaVersion=1', {
      p: id(flowId),
      cookie: owner,
    })
    expect(lib.json.flow.id).toBeUndefined()
    expect(lib.json.flow.tags).toBeUndefined()
    expect(
      (await call(encodedGet, '/ajax/flow/encoded/x?schemaVersion=9', { p: id(flowId), cookie: owner })).status,
    ).toBe(400)
    const imported = await call(createPost, '/ajax/flows/create', {
      method: 'POST',
      body: { name: 'Imported', definition: r.json.flow.definition },
      cookie: owner,
    })
    expect(imported.status).toBe(200)
    expect(await db.flowAction.count({ where: { flowId: imported.json.flowId } })).toBe(5)
  })

  test('alert center: issues of a live flow, failed steps of the last 24 h', async () => {
    expect(
      (await call(detailsPost, '/x', { method: 'POST', p: id(flowId), body: { status: '2' }, cookie: owner })).status,
    ).toBe(200)
    const webhook = await save({
      name: 'Hooked',
      definition: {
        triggers: [{ type: 'metric', id: 'MetAAA' }],
        entry_action_id: 'h',
        actions: [
          {
            temporary_id: 'h',
            type: 'send-webhook',
            links: { next: null },
            data: { status: 'live', message: { url: 'https://example.com/hook', body: '{}' } },
          },
        ],
      },
    })
    const hookId = webhook.json.definition.actions[0].id
    await db.flowStep.create({
      data: {
        companyId: A,
        flowId: webhook.json.flowId,
        runId: 'r1',
        actionId: hookId,
        actionType: 'send-webhook',
        profileId: 'p',
        status: 'failed',
        outcome: 'HTTP 500',
        at: new Date(),
      },
    })
    await db.flowStep.create({
      data: {
        companyId: A,
        flowId: webhook.json.flowId,
        runId: 'r0',
        actionId: hookId,
        actionType: 'send-webhook',
        profileId: 'p',
        status: 'failed',
        outcome: 'old',
        at: new Date(Date.now() - 30 * 3_600_000),
      },
    })
    const h = await call(alertGet, '/x', { p: id(webhook.json.flowId), cookie: owner })
    expect(h.json.webhookFailures).toEqual({
      count: 1,
      lastAt: expect.any(String),
      lastError: 'HTTP 500',
      actions: [hookId],
    })

    await db.template.update({
      where: { id: 'TplAAA' },
      data: { html: '<p>no link</p>', compiledHtml: '<p>no link</p>' },
    })
    const r = await call(alertGet, '/x', { p: id(flowId), cookie: owner })
    expect(r.json.live).toBe(true)
    expect(r.json.issues.map((i: { type: string }) => i.type)).toContain('non_compliant')
    expect(r.json.issues).toEqual(
      expect.arrayContaining([
        { type: 'anomaly', message: 'The flow is live but none of its actions is live.', pointer: '/actions' },
      ]),
    )
    expect((await call(alertGet, '/x', { p: id(webhook.json.flowId), cookie: owner })).json.issues).toEqual([])
    expect(r.json.failedSteps).toEqual([
      expect.objectContaining({ actionType: 'send-email', count: 1, lastError: 'smtp down' }),
    ])
    expect(r.json.alertCount).toBe(r.json.alerts.length)
    const e = await call(editGet, '/x', { p: id(flowId), cookie: owner })
    expect(e.json.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'non_compliant', pointer: '/actions/2/data/message/template_id' }),
      ]),
    )
  })
})

describe('/ux-api/flows/{id}', () => {
  test('JSON:API document with the definition at revision 2025-01-15; older revisions refused', async () => {
    const f = await save({ name: 'Ux', definition: welcome('AAA') })
    const url = `/ux-api/flows/${f.json.flowId}?additional-fields[flow]=definition`
    const r = await call(uxGet, url, { p: id(f.json.flowId), cookie: owner, headers: { revision: '2025-01-15' } })
    expect(r.status).toBe(200)
    expect(r.headers.get('revision')).toBe('2025-01-15')
    expect(r.headers.get('content-type')).toBe('application/vnd.api+json')
    expect(r.json.data).toMatchObject({
      type: 'flow',
      id: f.json.flowId,
      attributes: { name: 'Ux', status: 'draft', trigger_type: 'Added to List' },
    })
    expect(r.json.data.attributes.definition.actions).toHaveLength(4)
    const plain = await call(uxGet, `/ux-api/flows/${f.json.flowId}`, { p: id(f.json.flowId), cookie: owner })
    expect(plain.json.data.attributes.definition).toBeUndefined()
    const old = await call(uxGet, url, { p: id(f.json.flowId), cookie: owner, headers: { revision: '2024-10-15' } })
    expect(old.status).toBe(400)
    expect(old.json.errors[0].detail).toContain('2025-01-15')
    expect((await call(uxGet, url, { p: id('nope'), cookie: owner })).status).toBe(404)
  })
})
