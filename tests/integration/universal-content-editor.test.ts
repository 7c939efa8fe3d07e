/** @jest-environment node */
// The saved-content editor (issue 27): a template block inserted from saved content keeps the
// saved block's id through a template save; the saved block lists the templates using it, and
// saving it rewrites and recompiles each of them (so their sends carry it); the library list
// counts the uses; the translate view reads the block's strings; deleting it deletes its
// translations. A template using the block takes the block's translation where its own gives
// none. Another account gets 404s; an Analyst cannot save.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { db } from '@/lib/db/client'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import { createTemplate, getTemplateOrThrow } from '@/lib/templates/store/save-template'
import * as universal from '@/app/ajax/email-templates/universal-content/route'
import * as one from '@/app/ajax/email-templates/universal-content/[id]/route'
import * as translations from '@/app/ajax/email-template-editor/translations/route'
import * as translation from '@/app/ajax/email-template-editor/translations/[locale]/route'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies
type Json = any
let A: number, B: number, ownerA: string, analystA: string, ownerB: string
let ucId: string, linked: string, unlinked: string

const button = { type: 'button', text: 'Shop the sale', href: 'https://shop.test/sale' }
beforeAll(async () => {
  A = (await makeCompany('Shop A')).id
  B = (await makeCompany('Shop B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
  const r = await universal.POST(
    ajaxRequest('/ajax/email-templates/universal-content', {
      method: 'POST',
      cookie: ownerA,
      body: { name: 'Sale button', block: button },
    }),
  )
  ucId = ((await r.json()) as Json).item.id
  const make = (name: string, body: unknown[]) =>
    createTemplate(A, { name, editorType: 'SYSTEM_DRAGGABLE', definition: { styles: {}, body } })
  linked = (
    await make('Linked', [
      { type: 'text', html: '<p>Hi</p>' },
      { type: 'columns', columns: [{ blocks: [{ ...button, universalId: ucId }] }, { blocks: [] }] },
    ])
  ).id
  unlinked = (await make('Copy', [button])).id
})

const get = (cookie: string, id = ucId) =>
  one.GET(ajaxRequest(`/ajax/email-templates/universal-content/${id}`, { cookie }), params({ id }))
const put = (cookie: string, body: unknown, id = ucId) =>
  one.PUT(ajaxRequest(`/ajax/email-templates/universal-content/${id}`, { method: 'PUT', cookie, body }), params({ id }))

test('the link survives the template save and the saved block lists where it is used', async () => {
  const def = JSON.parse((await getTemplateOrThrow(A, linked)).definition!)
  expect(def.body[1].columns[0].blocks[0].universalId).toBe(ucId)
  const r = await get(ownerA)
  expect(r.status).toBe(200)
  const body: Json = await r.json()
  expect(body.item).toMatchObject({ name: 'Sale button', type: 'button' })
  expect(body.usedIn.map((u: Json) => u.id)).toEqual([linked])
  const list: Json = await (
    await universal.GET(ajaxRequest('/ajax/email-templates/universal-content?usage=1', { cookie: ownerA }))
  ).json()
  expect(list.items.find((i: Json) => i.id === ucId).usedIn).toBe(1)
})

test('saving the block rewrites and recompiles every linked template, and only those', async () => {
  const r = await put(ownerA, { name: 'Sale button v2', block: { ...button, text: 'Shop the new sale' } })
  expect(r.status).toBe(200)
  const body: Json = await r.json()
  expect(body).toMatchObject({ updatedTemplates: 1, item: { name: 'Sale button v2' } })
  const t = await getTemplateOrThrow(A, linked)
  expect(t.compiledHtml).toContain('Shop the new sale')
  expect(JSON.parse(t.definition!).body[1].columns[0].blocks[0]).toMatchObject({ universalId: ucId })
  expect((await getTemplateOrThrow(A, unlinked)).compiledHtml).not.toContain('Shop the new sale')
})

test('bad input is a 400 with the field; other accounts get 404s; an Analyst cannot save', async () => {
  const bad = await put(ownerA, { block: { type: 'button', text: '', href: 'javascript:alert(1)' } })
  expect(bad.status).toBe(400)
  expect(Object.keys(((await bad.json()) as Json).fieldErrors).join()).toContain('block')
  expect(
    (await put(ownerA, { block: { type: 'social', links: [{ network: 'x', href: 'https://x.com' }] } })).status,
  ).toBe(400)
  expect((await get(ownerB)).status).toBe(404)
  expect((await put(ownerB, { name: 'Mine' })).status).toBe(404)
  expect((await put(analystA, { name: 'Mine' })).status).toBe(403)
  expect((await get(ownerA, 'nope1234')).status).toBe(404)
  expect((await get(analystA)).status).toBe(200)
})

test("the block's strings translate; deleting the block deletes its translations", async () => {
  const q = `kind=universal-content&id=${ucId}`
  const list: Json = await (
    await translations.GET(ajaxRequest(`/ajax/email-template-editor/translations?${q}`, { cookie: ownerA }))
  ).json()
  expect(list.strings).toEqual([expect.objectContaining({ kind: 'button', source: 'Shop the new sale' })])
  expect(
    (
      await translations.POST(
        ajaxRequest(`/ajax/email-template-editor/translations?${q}`, {
          method: 'POST',
          cookie: ownerA,
          body: { locale: 'fr-FR' },
        }),
      )
    ).status,
  ).toBe(200)
  // the linked template's own French translation gives nothing for the block: the block's is used
  const tq = `kind=template&id=${linked}`
  await translations.POST(
    ajaxRequest(`/ajax/email-template-editor/translations?${tq}`, {
      method: 'POST',
      cookie: ownerA,
      body: { locale: 'fr-FR' },
    }),
  )
  await translation.PUT(
    ajaxRequest(`/ajax/email-template-editor/translations/fr-FR?${tq}`, {
      method: 'PUT',
      cookie: ownerA,
      body: { strings: {}, ready: true },
    }),
    params({ locale: 'fr-FR' }),
  )
  const frenchOfLinked = async () =>
    JSON.parse(
      (await db.templateTranslation.findFirstOrThrow({ where: { templateId: linked, locale: 'fr-FR' } })).compiled!,
    ).html as string
  expect(await frenchOfLinked()).toContain('Shop the new sale')
  const saved = await translation.PUT(
    ajaxRequest(`/ajax/email-template-editor/translations/fr-FR?${q}`, {
      method: 'PUT',
      cookie: ownerA,
      body: { strings: { [list.strings[0].id]: 'Voir les soldes' }, ready: true },
    }),
    params({ locale: 'fr-FR' }),
  )
  expect(saved.status).toBe(200)
  expect(await frenchOfLinked()).toContain('Voir les soldes')
  expect(
    (await translations.GET(ajaxRequest(`/ajax/email-template-editor/translations?${q}`, { cookie: ownerB }))).status,
  ).toBe(404)
  await one.DELETE(
    ajaxRequest(`/ajax/email-templates/universal-content/${ucId}`, { method: 'DELETE', cookie: ownerA }),
    params({ id: ucId }),
  )
  expect(await db.templateTranslation.count({ where: { universalContentId: ucId } })).toBe(0)
  expect(await frenchOfLinked()).toContain('Shop the new sale')
})
