/** @jest-environment node */
// The merchant /ajax endpoints for forms (issue 20 F1) through their real route handlers: create
// from a template, list (seed 002 §3.4), get, save a version (bad definitions: 400 keyed by JSON
// pointer, nothing written), rename, publish, unpublish, schedule and its due-schedule flip,
// variation, clone, delete; roles (analyst reads, cannot write) and tenancy (company B sees
// nothing of company A's forms).
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, signIn } from '../helpers/factory'
import { routeTable } from '../helpers/route-table'
import { applyFormSchedules } from '@/lib/forms/store/apply-form-schedules'
import { FORM_SCHEDULES_JOB, runFormSchedules } from '@/lib/forms/store/schedule-jobs'
import { queuedJobs } from '../helpers/queued-jobs'
import * as forms from '@/app/ajax/forms/route'
import * as templates from '@/app/ajax/forms/templates/route'
import * as one from '@/app/ajax/forms/[formId]/route'
import * as versions from '@/app/ajax/forms/[formId]/versions/route'
import * as version from '@/app/ajax/forms/[formId]/versions/[versionId]/route'
import * as rename from '@/app/ajax/forms/[formId]/rename/route'
import * as publish from '@/app/ajax/forms/[formId]/publish/route'
import * as unpublish from '@/app/ajax/forms/[formId]/unpublish/route'
import * as schedule from '@/app/ajax/forms/[formId]/schedule/route'
import * as clone from '@/app/ajax/forms/[formId]/clone/route'

const table = routeTable([
  ['/ajax/forms', forms],
  ['/ajax/forms/templates', templates],
  ['/ajax/forms/:formId', one],
  ['/ajax/forms/:formId/versions', versions],
  ['/ajax/forms/:formId/versions/:versionId', version],
  ['/ajax/forms/:formId/rename', rename],
  ['/ajax/forms/:formId/publish', publish],
  ['/ajax/forms/:formId/unpublish', unpublish],
  ['/ajax/forms/:formId/schedule', schedule],
  ['/ajax/forms/:formId/clone', clone],
])

let A: number, cookieA: string, cookieB: string, cookieAnalyst: string, listId: string

async function req(
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; json: any }> {
  const res = await table.dispatch(ajaxRequest(path, { method, cookie, body }))
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

beforeAll(async () => {
  A = (await makeCompany('Forms A')).id
  const B = (await makeCompany('Forms B')).id
  cookieA = await signIn((await makeUser({ companyId: A })).id, A)
  cookieB = await signIn((await makeUser({ companyId: B })).id, B)
  cookieAnalyst = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  listId = (await db.group.create({ data: { id: 'FrmL01', companyId: A, name: 'Newsletter', type: 0 } })).id
})

const step = (blocks: unknown[]) => ({ columns: [{ rows: [{ blocks }] }] })

test('templates, create from a template with a list, get, list with filters and totalCount', async () => {
  const t = await req('GET', '/ajax/forms/templates', cookieA)
  expect(t.json.templates.map((x: { key: string }) => x.key)).toEqual(
    expect.arrayContaining([
      'discount_popup',
      'newsletter_embed',
      'sms_two_step',
      'exit_intent_flyout',
      'full_page_welcome',
      'back_in_stock',
    ]),
  )

  const created = await req('POST', '/ajax/forms', cookieA, { templateKey: 'discount_popup', listId })
  expect(created.status).toBe(201)
  const f = created.json.form
  expect(f).toMatchObject({
    name: 'Discount popup',
    status: 'draft',
    formType: 'popup',
    channelType: 'email',
    listId,
    templateKey: 'discount_popup',
  })
  expect(f.id).toMatch(/^[A-Za-z0-9]{6}$/)
  expect(f.versions).toHaveLength(1)
  expect(f.versions[0].definition.steps).toHaveLength(2)

  await req('POST', '/ajax/forms', cookieA, { templateKey: 'newsletter_embed', name: 'Footer signup' })
  const got = await req('GET', `/ajax/forms/${f.id}`, cookieA)
  expect(got.json.form).toEqual(f)

  const all = await req('GET', '/ajax/forms', cookieA)
  expect(all.json.totalCount).toBe(2)
  const item = all.json.forms.find((x: { id: string }) => x.id === f.id)
  expect(item).toEqual({
    id: f.id,
    name: 'Discount popup',
    status: 'draft',
    type: 'popup',
    channelType: 'email',
    hasBeenLive: false,
    lastPublishedTimestamp: null,
    updateTimestamp: expect.any(String),
    lists: [{ id: listId, name: 'Newsletter', type: 'static' }],
    liveExperiment: null,
    draftExperimentVariationCount: 0,
    schedule: null,
  })
  expect((await req('GET', '/ajax/forms?type=embed', cookieA)).json.forms.map((x: { name: string }) => x.name)).toEqual(
    ['Footer signup'],
  )
  expect((await req('GET', '/ajax/forms?search=footer', cookieA)).json.totalCount).toBe(1)
  expect((await req('GET', '/ajax/forms?status=live', cookieA)).json.totalCount).toBe(0)
  expect((await req('GET', '/ajax/forms?pageSize=1&sort=updated', cookieA)).json).toMatchObject({
    totalCount: 2,
    forms: [{ name: 'Discount popup' }],
  })
  expect((await req('GET', '/ajax/forms?status=bogus', cookieA)).status).toBe(400)
  expect((await req('POST', '/ajax/forms', cookieA, { templateKey: 'nope' })).status).toBe(400)
  expect((await req('POST', '/ajax/forms', cookieA, { listId: 'NoList' })).status).toBe(400)
})

test('saving a version keeps the form in sync; bad definitions are a 400 keyed by pointer and write nothing', async () => {
  const f = (await req('POST', '/ajax/forms', cookieA, {})).json.form
  const v = f.versions[0]
  const def = {
    type: 'flyout',
    steps: [
      step([
        { type: 'phone_number', properties: {} },
        {
          type: 'button',
          properties: { label: 'Go' },
          action: { type: 'next_step', submit: true, properties: { list_id: listId } },
        },
      ]),
      step([{ type: 'html_text', properties: { content: '<p>Thanks</p>' } }]),
    ],
  }
  const saved = await req('PUT', `/ajax/forms/${f.id}/versions/${v.id}`, cookieA, {
    definition: def,
    variationName: 'Main',
  })
  expect(saved.status).toBe(200)
  expect(saved.json.form).toMatchObject({ formType: 'flyout', channelType: 'sms', listId })
  // snake_case keys survive the /ajax body (no camelizing of the definition)
  expect(saved.json.form.versions[0].definition.steps[0].columns[0].rows[0].blocks[1].action.properties).toEqual({
    list_id: listId,
  })
  expect(saved.json.form.versions[0].variationName).toBe('Main')

  const before = await db.formVersion.findUnique({ where: { id: v.id } })
  const bad: Array<[unknown, string]> = [
    [{ steps: [] }, '/steps'],
    [{ steps: [step([{ type: 'marquee' }])] }, '/steps/0/columns/0/rows/0/blocks/0/type'],
    [
      {
        steps: [
          {
            id: 'a',
            columns: [
              {
                rows: [
                  {
                    blocks: [
                      { type: 'spin_to_win', properties: { slices: [{ label: 'x', probability: 1, step_id: 'a' }] } },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      '/steps/0/columns/0/rows/0/blocks/0/properties/slices/0/step_id',
    ],
    [
      { steps: [step([{ type: 'button', properties: { label: 'x' }, action: { type: 'next_step', submit: true } }])] },
      '/steps/0/columns/0/rows/0/blocks/0/action/type',
    ],
  ]
  for (const [definition, pointer] of bad) {
    const r = await req('PUT', `/ajax/forms/${f.id}/versions/${v.id}`, cookieA, { definition })
    expect(r.status).toBe(400)
    expect(Object.keys(r.json.fieldErrors)).toContain(pointer)
  }
  expect(await db.formVersion.findUnique({ where: { id: v.id } })).toEqual(before)
  expect((await req('PUT', `/ajax/forms/${f.id}/versions/999999`, cookieA, { definition: def })).status).toBe(404)
  expect((await req('PUT', `/ajax/forms/${f.id}/versions/abc`, cookieA, { definition: def })).status).toBe(404)
})

test('rename, variation, publish, unpublish, clone, delete', async () => {
  const f = (await req('POST', '/ajax/forms', cookieA, { templateKey: 'exit_intent_flyout' })).json.form
  expect((await req('POST', `/ajax/forms/${f.id}/rename`, cookieA, { name: 'Leaving?' })).json.form.name).toBe(
    'Leaving?',
  )
  expect((await req('POST', `/ajax/forms/${f.id}/rename`, cookieA, { name: '  ' })).status).toBe(400)

  const withB = (await req('POST', `/ajax/forms/${f.id}/versions`, cookieA, {})).json.form
  expect(withB.versions.map((v: { variationName: string }) => v.variationName)).toEqual(['Version A', 'Version B'])
  const [va, vb] = withB.versions

  const live = (await req('POST', `/ajax/forms/${f.id}/publish`, cookieA, { versionId: va.id })).json.form
  expect(live).toMatchObject({ status: 'live', hasBeenLive: true })
  expect(live.lastPublishedAt).toEqual(expect.any(String))
  expect(live.versions.map((v: { status: string }) => v.status)).toEqual(['live', 'draft'])
  const again = (await req('POST', `/ajax/forms/${f.id}/publish`, cookieA, { versionId: vb.id })).json.form
  expect(again.versions.map((v: { status: string }) => v.status)).toEqual(['draft', 'live'])

  // Editing the draft variation while another is live leaves the form showing the live one.
  const embed = { type: 'embed', steps: [step([{ type: 'phone_number', properties: {} }])] }
  const edited = (await req('PUT', `/ajax/forms/${f.id}/versions/${va.id}`, cookieA, { definition: embed })).json.form
  expect(edited).toMatchObject({ formType: 'flyout', channelType: 'email' })
  expect(edited.versions[0]).toMatchObject({ formType: 'embed', definition: embed })

  const off = (await req('POST', `/ajax/forms/${f.id}/unpublish`, cookieA, {})).json.form
  expect(off).toMatchObject({ status: 'draft', hasBeenLive: true })
  expect(off.versions.every((v: { status: string }) => v.status === 'draft')).toBe(true)

  await req('POST', `/ajax/forms/${f.id}/publish`, cookieA, {})
  const src = (await req('GET', `/ajax/forms/${f.id}`, cookieA)).json.form
  const copy = await req('POST', `/ajax/forms/${f.id}/clone`, cookieA, {})
  expect(copy.status).toBe(201)
  expect(copy.json.form).toMatchObject({
    name: 'Copy of Leaving?',
    status: 'draft',
    hasBeenLive: false,
    lastPublishedAt: null,
  })
  expect(copy.json.form.id).not.toBe(f.id)
  expect(copy.json.form.versions.map((v: { status: string; definition: unknown }) => [v.status, v.definition])).toEqual(
    src.versions.map((v: { definition: unknown }) => ['draft', v.definition]),
  )

  expect((await req('DELETE', `/ajax/forms/${copy.json.form.id}`, cookieA)).json).toEqual({ deleted: true })
  expect((await req('GET', `/ajax/forms/${copy.json.form.id}`, cookieA)).status).toBe(404)
  expect(await db.formVersion.count({ where: { formId: copy.json.form.id } })).toBe(0)
})

test('schedule: zoned date and time to UTC, scheduled status, due flips idempotent, bad input a 400', async () => {
  const f = (await req('POST', '/ajax/forms', cookieA, { templateKey: 'discount_popup' })).json.form
  const year = new Date().getUTCFullYear() + 1
  const s = await req('POST', `/ajax/forms/${f.id}/schedule`, cookieA, {
    publishAt: { date: `${year}-07-01`, time: '09:30', timezone: 'America/New_York' },
    unpublishAt: { date: `${year}-07-08`, time: '18:00', timezone: 'America/New_York' },
  })
  expect(s.status).toBe(200)
  expect(s.json.form.status).toBe('scheduled')
  expect(s.json.form.schedule).toEqual({
    id: f.id,
    publishAt: {
      date: `${year}-07-01`,
      time: '09:30',
      timezone: 'America/New_York',
      dateTime: `${year}-07-01T13:30:00.000Z`,
    },
    unpublishAt: {
      date: `${year}-07-08`,
      time: '18:00',
      timezone: 'America/New_York',
      dateTime: `${year}-07-08T22:00:00.000Z`,
    },
  })
  expect((await req('GET', '/ajax/forms?status=scheduled', cookieA)).json.forms[0].schedule.publishAt.time).toBe(
    '09:30',
  )
  // The worker is booked for both instants (idempotent by instant: scheduling again adds none).
  const due = async () => (await queuedJobs({ type: FORM_SCHEDULES_JOB })).map((j) => j.runAt.toISOString()).sort()
  expect(await due()).toEqual([`${year}-07-01T13:30:00.000Z`, `${year}-07-08T22:00:00.000Z`])

  expect(await applyFormSchedules(new Date(`${year}-07-01T13:29:59Z`))).toEqual({ published: 0, unpublished: 0 })
  // The job's run: applies what is due and books the next pending instant.
  await runFormSchedules(new Date(`${year}-07-01T13:30:00Z`))
  expect(await due()).toEqual([`${year}-07-01T13:30:00.000Z`, `${year}-07-08T22:00:00.000Z`])
  expect(await applyFormSchedules(new Date(`${year}-07-01T13:30:00Z`))).toEqual({ published: 0, unpublished: 0 })
  const live = (await req('GET', `/ajax/forms/${f.id}`, cookieA)).json.form
  expect(live).toMatchObject({ status: 'live', hasBeenLive: true, lastPublishedAt: `${year}-07-01T13:30:00.000Z` })
  expect(live.versions[0].status).toBe('live')
  expect((await applyFormSchedules(new Date(`${year}-07-09T00:00:00Z`))).unpublished).toBe(1)
  expect(await applyFormSchedules(new Date(`${year}-07-09T00:00:00Z`))).toEqual({ published: 0, unpublished: 0 })
  const ended = (await req('GET', `/ajax/forms/${f.id}`, cookieA)).json.form
  expect(ended).toMatchObject({ status: 'draft', schedule: null })
  expect(ended.versions[0].status).toBe('draft')

  const bads: Array<[unknown, string]> = [
    [{ publishAt: { date: `${year}-02-30`, time: '09:00', timezone: 'UTC' }, unpublishAt: null }, 'publishAt.date'],
    [{ publishAt: { date: `${year}-02-01`, time: '25:00', timezone: 'UTC' }, unpublishAt: null }, 'publishAt.time'],
    [
      { publishAt: { date: `${year}-02-01`, time: '09:00', timezone: 'Mars/Base' }, unpublishAt: null },
      'publishAt.timezone',
    ],
    [{ publishAt: { date: '2001-02-01', time: '09:00', timezone: 'UTC' }, unpublishAt: null }, 'publishAt'],
    [
      {
        publishAt: { date: `${year}-02-02`, time: '09:00', timezone: 'UTC' },
        unpublishAt: { date: `${year}-02-01`, time: '09:00', timezone: 'UTC' },
      },
      'unpublishAt',
    ],
    [{ publishAt: null, unpublishAt: { date: `${year}-02-01`, time: '09:00', timezone: 'UTC' } }, 'publishAt'],
  ]
  for (const [body, field] of bads) {
    const r = await req('POST', `/ajax/forms/${f.id}/schedule`, cookieA, body)
    expect({ field, status: r.status, keys: Object.keys(r.json.fieldErrors ?? {}) }).toEqual({
      field,
      status: 400,
      keys: expect.arrayContaining([field]),
    })
  }
  expect((await db.form.findUnique({ where: { id: f.id } }))!.status).toBe('draft')
})

test('an analyst reads but cannot write; company B can neither read, change nor delete company A forms', async () => {
  const f = (await req('POST', '/ajax/forms', cookieA, {})).json.form
  const v = f.versions[0]
  expect((await req('GET', `/ajax/forms/${f.id}`, cookieAnalyst)).status).toBe(200)
  expect((await req('POST', '/ajax/forms', cookieAnalyst, {})).status).toBe(403)
  expect((await req('POST', `/ajax/forms/${f.id}/publish`, cookieAnalyst, {})).status).toBe(403)

  expect((await req('GET', '/ajax/forms', cookieB)).json).toEqual({ forms: [], totalCount: 0 })
  const attempts: Array<[string, string, unknown?]> = [
    ['GET', `/ajax/forms/${f.id}`],
    [
      'PUT',
      `/ajax/forms/${f.id}/versions/${v.id}`,
      { definition: { steps: [step([{ type: 'email', properties: {} }])] } },
    ],
    ['POST', `/ajax/forms/${f.id}/versions`, {}],
    ['POST', `/ajax/forms/${f.id}/rename`, { name: 'Mine now' }],
    ['POST', `/ajax/forms/${f.id}/publish`, {}],
    ['POST', `/ajax/forms/${f.id}/unpublish`, {}],
    ['POST', `/ajax/forms/${f.id}/schedule`, { publishAt: null, unpublishAt: null }],
    ['POST', `/ajax/forms/${f.id}/clone`, {}],
    ['DELETE', `/ajax/forms/${f.id}`],
  ]
  const before = await db.form.findUnique({ where: { id: f.id }, include: { versions: true } })
  for (const [method, path, body] of attempts)
    expect([method, path, (await req(method, path, cookieB, body)).status]).toEqual([method, path, 404])
  expect(await db.form.findUnique({ where: { id: f.id }, include: { versions: true } })).toEqual(before)
  expect(await db.form.count({ where: { companyId: { not: A } } })).toBe(0)
})
