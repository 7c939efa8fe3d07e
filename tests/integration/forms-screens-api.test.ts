/** @jest-environment node */
// The forms screens' own client calls (components/forms/forms-api.ts, through the browser HTTP
// module) against the real /ajax route handlers: a form from the discount popup template keeps
// the vendor's snake_case definition both ways; every block the editor's palette adds and every
// targeting rule its panel writes passes the server's definition check; a refused save comes back
// as JSON pointers the editor can place; publish, schedule, clear, list with stats, a variation, clone,
// preview token and delete answer in the shapes the screens read.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { db } from '@/lib/db/client'
import { makeCompany, makeUser, signIn } from '../helpers/factory'
import { routeTable } from '../helpers/route-table'
import { formsApi, pointerErrors, versionOf } from '@/components/forms/forms-api'
import { BLOCK_KINDS, newBlock } from '@/components/forms/editor/block-catalog'
import { addBlock, addStep, moveStep, patchVersion, setTrigger } from '@/components/forms/editor/definition-edits'
import { currentVersionId } from '@/components/forms/open-editor'
import type { FormDefinition } from '@/components/forms/definition-types'
import * as forms from '@/app/ajax/forms/route'
import * as templates from '@/app/ajax/forms/templates/route'
import * as form from '@/app/ajax/forms/[formId]/route'
import * as version from '@/app/ajax/forms/[formId]/versions/[versionId]/route'
import * as versions from '@/app/ajax/forms/[formId]/versions/route'
import * as publish from '@/app/ajax/forms/[formId]/publish/route'
import * as unpublish from '@/app/ajax/forms/[formId]/unpublish/route'
import * as schedule from '@/app/ajax/forms/[formId]/schedule/route'
import * as clone from '@/app/ajax/forms/[formId]/clone/route'
import * as stats from '@/app/ajax/forms-listing-stats/route'
import * as token from '@/app/ajax/forms-preview-token/route'

const { dispatch } = routeTable([
  ['/ajax/forms/templates', templates],
  ['/ajax/forms-listing-stats', stats],
  ['/ajax/forms-preview-token', token],
  ['/ajax/forms/:formId/versions/:versionId', version],
  ['/ajax/forms/:formId/versions', versions],
  ['/ajax/forms/:formId/publish', publish],
  ['/ajax/forms/:formId/unpublish', unpublish],
  ['/ajax/forms/:formId/schedule', schedule],
  ['/ajax/forms/:formId/clone', clone],
  ['/ajax/forms/:formId', form],
  ['/ajax/forms', forms],
])

let cookie: string, listId: string

beforeAll(async () => {
  const A = (await makeCompany('Forms screens API')).id
  cookie = await signIn((await makeUser({ companyId: A })).id, A)
  listId = (await db.group.create({ data: { id: 'LstScr', companyId: A, name: 'Newsletter', type: 0 } })).id
  // The browser's fetch, answered in-process by the real handlers with the signed-in cookies.
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    headers.set('cookie', cookie)
    headers.set('x-csrftoken', /kl_csrftoken=([^;]+)/.exec(cookie)![1]!)
    return dispatch(
      new Request(new URL(String(input), 'http://localhost:3000'), {
        method: init?.method,
        headers,
        body: init?.body as BodyInit | undefined,
      }),
    )
  }) as typeof fetch
})

test('template → editor edits of every kind → save → publish → listing → schedule → clone → token → delete', async () => {
  const list = await formsApi.templates()
  expect(list.map((t) => t.key)).toEqual(
    expect.arrayContaining([
      'discount_popup',
      'newsletter_embed',
      'sms_two_step',
      'exit_intent_flyout',
      'full_page_welcome',
      'back_in_stock',
    ]),
  )

  const created = await formsApi.create({ name: 'Welcome offer', templateKey: 'discount_popup', listId })
  const vid = currentVersionId(created)!
  const v = versionOf(created, vid)!
  // The vendor's keys arrive as they are (no camelCase): the editor edits exactly that JSON.
  expect(JSON.stringify(v.definition)).toContain('"property_name":"$email"')
  expect(JSON.stringify(v.definition)).toContain(`"list_id":"${listId}"`)

  // A submit button on the last step has no next step to go to: refused at the button's action.
  const lastStep = v.definition.steps.length - 1
  const dangling = await formsApi
    .saveVersion(created.id, vid, addBlock(v.definition, lastStep, newBlock('button', listId)))
    .catch((e: unknown) => e)
  const rows = v.definition.steps[lastStep]!.columns[0]!.rows.length
  expect(pointerErrors(dangling).map((e) => e.pointer)).toEqual([
    `/steps/${lastStep}/columns/0/rows/${rows}/blocks/0/action/type`,
  ])

  // Every palette block in a new middle step, every targeting rule, styles: the server accepts them all.
  let def: FormDefinition = moveStep(addStep(v.definition, 'Everything'), v.definition.steps.length, -1)
  const last = v.definition.steps.length - 1
  for (const kind of BLOCK_KINDS) def = addBlock(def, last, newBlock(kind, listId))
  def = setTrigger(def, 'exit_intent', {})
  def = setTrigger(def, 'scroll_percentage', { percentage: 40 })
  def = setTrigger(def, 'page_visits', { pages: 2 })
  def = setTrigger(def, 'url_patterns', { allow_list: ['/products/*'], deny_list: ['/checkout'] })
  def = setTrigger(def, 'device', { device: 'mobile' })
  def = setTrigger(def, 'lists_and_segments', { allow_list: [listId], deny_list: null })
  def = setTrigger(def, 'location', { allow_list: ['US', 'CA'] })
  def = setTrigger(def, 'previously_submitted', {})
  def = patchVersion(def, 'styles', {
    background_color: '#FFEEDD',
    border_styles: { radius: 12 },
    width: 'custom',
    custom_width: 520,
  })
  def = patchVersion(def, 'properties', { rule_based_trigger_evaluation: 'all', show_close_button: false })
  const saved = await formsApi.saveVersion(created.id, vid, def)
  const back = versionOf(saved, vid)!.definition
  expect(back.steps[last]!.columns[0]!.rows.map((r) => r.blocks[0]!.type)).toEqual([
    'html_text',
    'image',
    'email',
    'phone_number',
    'text',
    'dropdown',
    'checkboxes',
    'date',
    'button',
    'coupon',
    'html_text',
  ])
  expect(back.triggers!.map((t) => t.type)).toEqual(
    expect.arrayContaining(['exit_intent', 'url_patterns', 'lists_and_segments', 'location', 'previously_submitted']),
  )

  // A refused save: the pointers name the field the editor marks.
  const broken = JSON.parse(JSON.stringify(back)) as FormDefinition
  broken.steps = []
  const refused = await formsApi.saveVersion(created.id, vid, broken).catch((e: unknown) => e)
  expect((refused as { status?: number }).status).toBe(400)
  expect(pointerErrors(refused).map((e) => e.pointer)).toContain('/steps')
  expect(pointerErrors(refused)[0]!.message).not.toBe('')

  const live = await formsApi.publish(created.id, vid)
  expect(live.status).toBe('live')
  expect(versionOf(live, vid)!.status).toBe('live')

  const page = await formsApi.list({ page: 1, pageSize: 25, sort: '-updated', status: 'live' })
  expect(page.totalCount).toBe(1)
  expect(page.forms[0]).toMatchObject({
    id: created.id,
    name: 'Welcome offer',
    status: 'live',
    type: 'popup',
    lists: [expect.objectContaining({ id: listId, name: 'Newsletter' })],
  })
  expect((await formsApi.list({ page: 1, pageSize: 25, type: 'embed' })).totalCount).toBe(0)

  const off = await formsApi.unpublish(created.id)
  expect(off.status).toBe('draft')
  const scheduled = await formsApi.schedule(created.id, vid, {
    publishAt: { date: '2030-01-15', time: '09:30', timezone: 'Europe/Berlin' },
    unpublishAt: null,
  })
  expect(scheduled.status).toBe('scheduled')
  expect(scheduled.schedule!.publishAt).toMatchObject({
    date: '2030-01-15',
    time: '09:30',
    timezone: 'Europe/Berlin',
    dateTime: '2030-01-15T08:30:00.000Z',
  })
  const badZone = await formsApi
    .schedule(created.id, vid, {
      publishAt: { date: '2030-01-15', time: '09:30', timezone: 'Mars/Olympus' },
      unpublishAt: null,
    })
    .catch((e: unknown) => e)
  expect((badZone as { status?: number }).status).toBe(400)
  expect(
    Object.keys((badZone as { data: { fieldErrors: Record<string, unknown> } }).data.fieldErrors).join(),
  ).toContain('publishAt')
  const cleared = await formsApi.schedule(created.id, null, { publishAt: null, unpublishAt: null })
  expect(cleared.schedule).toBeNull()

  // A variation: a draft copy of the edited version, with its definition.
  const withVariation = await formsApi.addVariation(created.id, vid)
  const variation = [...withVariation.versions].sort((a, b) => b.id - a.id)[0]!
  expect(variation.id).not.toBe(vid)
  expect(variation.status).toBe('draft')
  expect(versionOf(withVariation, variation.id)!.definition.steps).toHaveLength(back.steps.length)

  const copy = await formsApi.clone(created.id, 'Welcome offer (winter)')
  expect(copy).toMatchObject({ name: 'Welcome offer (winter)', status: 'draft' })
  expect(currentVersionId(copy)).not.toBe(vid)

  const t = await formsApi.previewToken(created.id, vid)
  expect(t).toMatch(/\./)

  await formsApi.remove(copy.id)
  expect(await db.form.count({ where: { id: copy.id } })).toBe(0)
})
