/** @jest-environment node */
// The public /api for forms (issue 20 F1) through the real route handlers: create from a
// FormDefinition (201, the encoded form), list with filters, sort and cursor pages, get with the
// definition, versions and their relationships, delete; bad definitions a 400 with JSON pointers
// and nothing written (issue 20 §5); the forms scopes; tenancy; and the official SDK over HTTP.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { ApiKeySession, FormsApi } from 'klaviyo-api'
import { db } from '@/lib/db/client'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { routeTable, type RouteServer } from '../helpers/route-table'
import * as forms from '@/app/api/forms/route'
import * as form from '@/app/api/forms/[id]/route'
import * as formVersions from '@/app/api/forms/[id]/form-versions/route'
import * as formVersionIds from '@/app/api/forms/[id]/relationships/form-versions/route'
import * as version from '@/app/api/form-versions/[id]/route'
import * as versionForm from '@/app/api/form-versions/[id]/form/route'
import * as versionFormId from '@/app/api/form-versions/[id]/relationships/form/route'

const table = routeTable([
  ['/api/forms', forms],
  ['/api/forms/:id', form],
  ['/api/forms/:id/form-versions', formVersions],
  ['/api/forms/:id/relationships/form-versions', formVersionIds],
  ['/api/form-versions/:id', version],
  ['/api/form-versions/:id/form', versionForm],
  ['/api/form-versions/:id/relationships/form', versionFormId],
])
let A: number, keyA: string, keyB: string, keyRead: string, keyOther: string

const step = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({
  ...extra,
  columns: [{ rows: [{ blocks }] }],
})
const popup = (extra: Record<string, unknown> = {}) => ({
  type: 'popup',
  steps: [
    step([
      { type: 'email', properties: { placeholder: 'Email' } },
      {
        type: 'button',
        properties: { label: 'Join' },
        action: { type: 'next_step', submit: true, properties: { list_id: 'LstAPI' } },
      },
    ]),
    step([{ type: 'html_text', properties: { content: '<p>Thanks</p>' } }]),
  ],
  triggers: [{ type: 'delay', properties: { seconds: 5 } }],
  ...extra,
})
const createBody = (name: string, versions: unknown[]) => ({
  data: { type: 'form', attributes: { name, status: 'draft', ab_test: false, definition: { versions } } },
})

async function call(method: string, path: string, key: string, body?: unknown) {
  await resetRateLimits()
  return table.call(method, path, key, body)
}

beforeAll(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {})
  A = (await makeCompany('Forms API A')).id
  const B = (await makeCompany('Forms API B')).id
  keyA = await makeApiKey(A)
  keyB = await makeApiKey(B)
  keyRead = await makeApiKey(A, ['forms:read'])
  keyOther = await makeApiKey(A, ['flows:read'])
})

test('create (201, encoded), get with the definition, versions, relationships, delete (204)', async () => {
  const res = await call(
    'POST',
    '/api/forms',
    keyA,
    createBody('Spring popup', [popup({ name: 'Version A' }), popup({ type: 'flyout', name: 'Version B' })]),
  )
  expect(res.status).toBe(201)
  const d = res.json.data
  expect(d).toMatchObject({ type: 'form', attributes: { name: 'Spring popup', status: 'draft', ab_test: false } })
  expect(d.id).toMatch(/^[A-Za-z0-9]{6}$/)
  expect(d.links.self).toBe(`http://localhost:3000/api/forms/${d.id}/`)
  const versions = d.attributes.definition.versions
  expect(versions).toHaveLength(2)
  expect(versions[0]).toEqual({ ...popup({ name: 'Version A' }), id: expect.any(Number), status: 'draft' })
  expect(await db.form.findUnique({ where: { id: d.id } })).toMatchObject({
    companyId: A,
    listId: 'LstAPI',
    formType: 'popup',
    channelType: 'email',
  })

  const got = await call('GET', `/api/forms/${d.id}`, keyRead)
  expect(got.status).toBe(200)
  expect(got.json.data).toEqual(d)
  const withVersions = await call('GET', `/api/forms/${d.id}?include=form-versions`, keyRead)
  expect(withVersions.json.data.relationships['form-versions'].data).toEqual(
    versions.map((v: { id: number }) => ({ type: 'form-version', id: String(v.id) })),
  )
  expect(
    withVersions.json.included.map((v: { attributes: { variation_name: string } }) => v.attributes.variation_name),
  ).toEqual(['Version A', 'Version B'])
  expect((await call('GET', `/api/forms/${d.id}?include=tags`, keyRead)).json.errors[0].source).toEqual({
    parameter: 'include',
  })
  const sparse = await call('GET', `/api/forms/${d.id}?fields[form]=name`, keyRead)
  expect(sparse.json.data.attributes).toEqual({ name: 'Spring popup' })

  const list = await call('GET', `/api/forms/${d.id}/form-versions?sort=-created_at`, keyRead)
  expect(
    list.json.data.map((v: { attributes: { variation_name: string; form_type: string } }) => [
      v.attributes.variation_name,
      v.attributes.form_type,
    ]),
  ).toEqual([
    ['Version B', 'flyout'],
    ['Version A', 'popup'],
  ])
  const flyouts = await call('GET', `/api/forms/${d.id}/form-versions?filter=equals(form_type,'flyout')`, keyRead)
  expect(flyouts.json.data).toHaveLength(1)
  const ids = await call('GET', `/api/forms/${d.id}/relationships/form-versions`, keyRead)
  expect(ids.json.data).toEqual(versions.map((v: { id: number }) => ({ type: 'form-version', id: String(v.id) })))

  const vid = String(versions[0].id)
  const one = await call('GET', `/api/form-versions/${vid}?include=form`, keyRead)
  expect(one.json.data).toMatchObject({
    type: 'form-version',
    id: vid,
    attributes: { form_type: 'popup', variation_name: 'Version A', status: 'draft', ab_test: null },
    relationships: { form: { data: { type: 'form', id: d.id } } },
  })
  expect(one.json.included).toEqual([expect.objectContaining({ type: 'form', id: d.id })])
  expect((await call('GET', `/api/form-versions/${vid}/form`, keyRead)).json.data).toMatchObject({
    type: 'form',
    id: d.id,
    attributes: { name: 'Spring popup' },
  })
  expect((await call('GET', `/api/form-versions/${vid}/relationships/form`, keyRead)).json.data).toEqual({
    type: 'form',
    id: d.id,
  })

  expect((await call('DELETE', `/api/forms/${d.id}`, keyRead)).status).toBe(403)
  expect((await call('DELETE', `/api/forms/${d.id}`, keyA)).status).toBe(204)
  expect((await call('GET', `/api/forms/${d.id}`, keyA)).status).toBe(404)
  expect((await call('GET', `/api/form-versions/${vid}`, keyA)).status).toBe(404)
})

test('list: filters, sort, cursor pages, sparse fields; scheduled shows as draft', async () => {
  for (const name of ['Alpha', 'Beta', 'Gamma']) await call('POST', '/api/forms', keyA, createBody(name, [popup()]))
  const beta = await db.form.findFirstOrThrow({ where: { companyId: A, name: 'Beta' } })
  await db.form.update({ where: { id: beta.id }, data: { status: 'scheduled' } })
  const gamma = await db.form.findFirstOrThrow({ where: { companyId: A, name: 'Gamma' } })
  await db.form.update({ where: { id: gamma.id }, data: { status: 'live' } })

  const names = (r: { json: { data: Array<{ attributes: { name: string } }> } }) =>
    r.json.data.map((f) => f.attributes.name)
  expect(names(await call('GET', '/api/forms?sort=created_at', keyRead))).toEqual(['Alpha', 'Beta', 'Gamma'])
  expect(names(await call('GET', "/api/forms?filter=contains(name,'amm')", keyRead))).toEqual(['Gamma'])
  expect(names(await call('GET', "/api/forms?filter=equals(status,'draft')&sort=created_at", keyRead))).toEqual([
    'Alpha',
    'Beta',
  ])
  expect(names(await call('GET', "/api/forms?filter=equals(status,'live')", keyRead))).toEqual(['Gamma'])
  expect(
    names(await call('GET', `/api/forms?filter=any(id,['${beta.id}','${gamma.id}'])&sort=-created_at`, keyRead)),
  ).toEqual(['Gamma', 'Beta'])

  const p1 = await call('GET', '/api/forms?page[size]=2&sort=created_at&fields[form]=name,status', keyRead)
  expect(p1.json.data.map((f: { attributes: unknown }) => f.attributes)).toEqual([
    { name: 'Alpha', status: 'draft' },
    { name: 'Beta', status: 'draft' },
  ])
  const p2 = await call('GET', p1.json.links.next.replace('http://localhost:3000', ''), keyRead)
  expect(names(p2)).toEqual(['Gamma'])
  expect(p2.json.links.next).toBeNull()

  expect((await call('GET', '/api/forms?sort=name', keyRead)).json.errors[0].source).toEqual({ parameter: 'sort' })
  expect((await call('GET', "/api/forms?filter=equals(colour,'red')", keyRead)).json.errors[0].source).toEqual({
    parameter: 'filter',
  })
  expect((await call('GET', '/api/forms?page[cursor]=garbage', keyRead)).status).toBe(400)
})

test('bad definitions: 400 with JSON pointers into the body, nothing written', async () => {
  const before = await db.form.count()
  const V = '/data/attributes/definition/versions'
  const cases: Array<[unknown, string]> = [
    [createBody('x', [{ type: 'popup', steps: [] }]), `${V}/0/steps`],
    [
      createBody('x', [popup(), { steps: [step([{ type: 'marquee', properties: {} }])] }]),
      `${V}/1/steps/0/columns/0/rows/0/blocks/0/type`,
    ],
    [
      createBody('x', [
        {
          steps: [step([{ type: 'button', properties: { label: 'x' }, action: { type: 'next_step', submit: true } }])],
        },
      ]),
      `${V}/0/steps/0/columns/0/rows/0/blocks/0/action/type`,
    ],
    [
      createBody('x', [
        {
          steps: [
            step(
              [{ type: 'spin_to_win', properties: { slices: [{ label: 'again', probability: 1, step_id: 's1' }] } }],
              { id: 's1' },
            ),
          ],
        },
      ]),
      `${V}/0/steps/0/columns/0/rows/0/blocks/0/properties/slices/0/step_id`,
    ],
    [createBody('x', []), `${V}`],
    [createBody('', [popup()]), '/data/attributes/name'],
    [
      {
        data: {
          type: 'form',
          attributes: { name: 'x', status: 'live', ab_test: false, definition: { versions: [popup()] } },
        },
      },
      '/data/attributes/status',
    ],
    [{ data: { type: 'forms' } }, '/data/type'],
  ]
  for (const [body, pointer] of cases) {
    const r = await call('POST', '/api/forms', keyA, body)
    expect({
      pointer,
      status: r.status,
      pointers: r.json.errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer),
    }).toEqual({ pointer, status: 400, pointers: expect.arrayContaining([pointer]) })
  }
  expect(await db.form.count()).toBe(before)
})

test('scopes and tenancy: company B reads, lists and deletes nothing of company A', async () => {
  const created = await call('POST', '/api/forms', keyA, createBody('Private', [popup()]))
  const id = created.json.data.id
  const vid = String(created.json.data.attributes.definition.versions[0].id)
  expect((await call('GET', '/api/forms', keyOther)).status).toBe(403)
  expect((await call('POST', '/api/forms', keyRead, createBody('No', [popup()]))).status).toBe(403)

  expect((await call('GET', '/api/forms', keyB)).json.data).toEqual([])
  for (const path of [
    `/api/forms/${id}`,
    `/api/forms/${id}/form-versions`,
    `/api/forms/${id}/relationships/form-versions`,
    `/api/form-versions/${vid}`,
    `/api/form-versions/${vid}/form`,
    `/api/form-versions/${vid}/relationships/form`,
  ]) {
    expect([path, (await call('GET', path, keyB)).status]).toEqual([path, 404])
  }
  expect((await call('DELETE', `/api/forms/${id}`, keyB)).status).toBe(404)
  expect(await db.form.findUnique({ where: { id } })).not.toBeNull()
  expect((await call('GET', '/api/form-versions/notanumber', keyA)).status).toBe(404)
})

describe('official SDK', () => {
  let server: RouteServer
  beforeAll(async () => {
    server = await table.start({ onRequest: resetRateLimits })
  })
  afterAll(() => server.close())

  test('createForm, getForms, getForm, getFormVersion', async () => {
    const api = new FormsApi(new ApiKeySession(keyA))
    api.basePath = server.url
    const created = await api.createForm({
      data: {
        type: 'form',
        attributes: { name: 'SDK form', status: 'draft', abTest: false, definition: { versions: [popup()] } },
      },
    } as never)
    expect(created.response.status).toBe(201)
    const id = created.body.data.id!
    expect(created.body.data.attributes.name).toBe('SDK form')
    expect(created.body.data.attributes.definition.versions[0]!.steps).toHaveLength(2)

    const list = await api.getForms({ filter: `equals(id,'${id}')` })
    expect(list.body.data.map((f) => [f.id, f.attributes.name, f.attributes.status])).toEqual([
      [id, 'SDK form', 'draft'],
    ])

    const one = await api.getForm(id)
    expect(one.body.data.attributes.definition.versions).toHaveLength(1)
    const vid = String(one.body.data.attributes.definition.versions[0]!.id)

    const v = await api.getFormVersion(vid, { include: ['form'] })
    expect(v.body.data.attributes).toMatchObject({ formType: 'popup', variationName: 'Version A', status: 'draft' })
    expect(v.body.included?.[0]?.id).toBe(id)
  })
})
