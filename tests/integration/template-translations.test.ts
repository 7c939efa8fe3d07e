/** @jest-environment node */
// Template translations (issue 27, the /translate views): the strings of a template opened from
// a campaign (subject, preview text, each block's text), a language added, translated, marked
// ready (compiled for sends), exported and imported as CSV and JSON with per-row errors and no
// half-written upload; a real campaign send and a flow email through a real SMTP server give a
// French profile the French subject and body and an English one the original, once each. Another
// account gets 404s and an Analyst cannot write; a deleted template takes its translations along.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)
import { db } from '@/lib/db/client'
import { ajaxRequest, makeUser, params, signIn } from '../helpers/factory'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { closeSmtpTransports } from '@/lib/messaging/email-transport'
import { sendCampaign } from '@/lib/campaigns/lifecycle'
import { createTemplate, updateTemplate } from '@/lib/templates/store/save-template'
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink'
import { campaign, company, list, profiles } from '../helpers/campaigns-engine-fixture'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createFlow } from '@/lib/flows/store'
import { enterFlow, prepareFlowJobs } from '@/lib/flows/engine/enter-flow'
import { drainFlowRuns } from '@/lib/flows/engine/advance-runs'
import * as all from '@/app/ajax/email-template-editor/translations/route'
import * as one from '@/app/ajax/email-template-editor/translations/[locale]/route'
import * as file from '@/app/ajax/email-template-editor/translations/[locale]/file/route'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies
type Json = any
let A: number, B: number, ownerA: string, analystA: string, ownerB: string
let tplId: string, L: string, campaignId: string, fr: string, en: string
let smtp: SmtpSink

const definition = (hello: string) => ({
  styles: { previewText: 'Our summer picks' },
  body: [
    { type: 'text', html: `<p>${hello}</p>` },
    { type: 'button', text: 'Shop now', href: 'https://shop.test' },
    { type: 'text', html: '<h2>New arrivals</h2>' },
  ],
})

beforeAll(async () => {
  smtp = await startSmtpSink()
  process.env.SMTP_URL = smtp.url
  A = await company()
  B = await company()
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
  tplId = (
    await createTemplate(A, { name: 'Summer', editorType: 'SYSTEM_DRAGGABLE', definition: definition('Hello there') })
  ).id
  L = await list(A)
  ;[fr, en] = await profiles(A, 2, [L])
  await db.profile.update({ where: { id: fr }, data: { locale: 'fr-CA' } })
  await db.profile.update({ where: { id: en }, data: { locale: 'en-US' } })
  campaignId = (await campaign(A, { included: [L], templateId: tplId, subject: 'Summer sale' })).id
})
afterAll(async () => {
  delete process.env.SMTP_URL
  closeSmtpTransports()
  await smtp.close()
})

const q = (kind = 'campaign', id = campaignId) => `kind=${kind}&id=${id}`
const base = '/ajax/email-template-editor/translations'
const list_ = (cookie: string, kind?: string, id?: string) => all.GET(ajaxRequest(`${base}?${q(kind, id)}`, { cookie }))
const add = (cookie: string, locale: string, kind?: string, id?: string) =>
  all.POST(ajaxRequest(`${base}?${q(kind, id)}`, { method: 'POST', cookie, body: { locale } }))
const put = (cookie: string, locale: string, body: unknown, kind?: string, id?: string) =>
  one.PUT(ajaxRequest(`${base}/${locale}?${q(kind, id)}`, { method: 'PUT', cookie, body }), params({ locale }))
const get = (cookie: string, locale: string, kind?: string, id?: string) =>
  one.GET(ajaxRequest(`${base}/${locale}?${q(kind, id)}`, { cookie }), params({ locale }))
const del = (cookie: string, locale: string) =>
  one.DELETE(ajaxRequest(`${base}/${locale}?${q()}`, { method: 'DELETE', cookie }), params({ locale }))
const exportFile = (cookie: string, locale: string, format: string) =>
  file.GET(ajaxRequest(`${base}/${locale}/file?${q()}&format=${format}`, { cookie }), params({ locale }))
const importFile = (cookie: string, locale: string, format: string, content: string) =>
  file.POST(
    ajaxRequest(`${base}/${locale}/file?${q()}`, { method: 'POST', cookie, body: { format, content } }),
    params({ locale }),
  )

async function strings() {
  const r = await list_(ownerA)
  expect(r.status).toBe(200)
  const body: Json = await r.json()
  const by = (source: string) => body.strings.find((s: Json) => s.source === source)?.id as string
  return { body, by }
}

test('the strings of a template opened from its campaign: subject, preview text and each block', async () => {
  const { body } = await strings()
  expect(body.name).toBe('Summer')
  expect(body.strings.map((s: Json) => [s.kind, s.source])).toEqual([
    ['subject', 'Summer sale'],
    ['preview_text', 'Our summer picks'],
    ['text', '<p>Hello there</p>'],
    ['button', 'Shop now'],
    ['heading', '<h2>New arrivals</h2>'],
  ])
  expect(body.locales).toContain('fr-FR')
  // the same template from its own editor route has no subject (a template has none)
  const own: Json = await (await list_(ownerA, 'template', tplId)).json()
  expect(own.strings[0].kind).toBe('preview_text')
})

test('add, translate, mark ready, delete; bad input is a 400 with the field', async () => {
  const { by } = await strings()
  expect((await add(ownerA, 'de-DE')).status).toBe(200)
  expect((await add(ownerA, 'de-DE')).status).toBe(400)
  const bad = await add(ownerA, 'xx-YY')
  expect(bad.status).toBe(400)
  expect((await bad.json()).fieldErrors.locale).toBeTruthy()
  const unknown = await put(ownerA, 'de-DE', { strings: { nope: 'x', [by('Shop now')]: '{% if %}' } })
  expect(unknown.status).toBe(400)
  const e: Json = await unknown.json()
  expect(Object.keys(e.fieldErrors).sort()).toEqual([`strings.${by('Shop now')}`, 'strings.nope'].sort())
  expect((await (await get(ownerA, 'de-DE')).json()).translation.translated).toBe(0)
  const ok = await put(ownerA, 'de-DE', {
    strings: { [by('Shop now')]: 'Jetzt kaufen', preview: 'Unsere Sommerauswahl' },
    ready: true,
  })
  expect(ok.status).toBe(200)
  expect((await ok.json()).translation).toMatchObject({ ready: true, translated: 2 })
  const row = await db.templateTranslation.findFirstOrThrow({ where: { companyId: A, locale: 'de-DE' } })
  expect(JSON.parse(row.compiled!)).toMatchObject({ previewText: 'Unsere Sommerauswahl' })
  expect(JSON.parse(row.compiled!).html).toContain('Jetzt kaufen')
  expect((await del(ownerA, 'de-DE')).status).toBe(200)
  expect((await get(ownerA, 'de-DE')).status).toBe(404)
})

test('export as CSV and JSON; an import with bad rows names each and writes nothing', async () => {
  const { by } = await strings()
  await add(ownerA, 'fr-FR')
  const csv = await (await exportFile(ownerA, 'fr-FR', 'csv')).text()
  expect(csv.split(/\r?\n/)[0]).toBe('id,kind,source,translation')
  expect(csv).toContain(by('Shop now'))
  const json: Json = JSON.parse(await (await exportFile(ownerA, 'fr-FR', 'json')).text())
  expect(json).toMatchObject({
    targetLanguage: 'fr-FR',
    units: expect.arrayContaining([expect.objectContaining({ id: 'subject', source: 'Summer sale' })]),
  })

  const badCsv = [
    'id,kind,source,translation',
    `${by('Shop now')},button,Shop now,Acheter`,
    'zzz,text,x,y',
    `${by('<p>Hello there</p>')},text,x,{{ oops`,
  ].join('\n')
  const r = await importFile(ownerA, 'fr-FR', 'csv', badCsv)
  expect(r.status).toBe(400)
  const e: Json = await r.json()
  expect(Object.keys(e.fieldErrors).sort()).toEqual(['row 3', 'row 4'])
  expect(e.fieldErrors['row 3'][0]).toContain('zzz')
  expect((await (await get(ownerA, 'fr-FR')).json()).translation.translated).toBe(0)
  expect((await importFile(ownerA, 'fr-FR', 'json', '{"units": 3}')).status).toBe(400)
  expect((await importFile(ownerA, 'fr-FR', 'json', 'not json')).status).toBe(400)

  json.units = json.units.map((u: Json) => ({
    ...u,
    target: { subject: 'Les soldes', [by('<p>Hello there</p>')]: '<p>Bonjour</p>', [by('Shop now')]: 'Acheter' }[
      u.id as string
    ],
  }))
  const ok = await importFile(ownerA, 'fr-FR', 'json', JSON.stringify(json))
  expect(ok.status).toBe(200)
  expect((await ok.json()).translation).toMatchObject({ translated: 3, ready: false })
})

test('a send gives the French profile the ready French translation and the English one the original, once each', async () => {
  expect((await put(ownerA, 'fr-FR', { strings: {}, ready: true })).status).toBe(200)
  await sendCampaign(A, campaignId)
  await runJobsUntilIdle()
  await runJobsUntilIdle()
  const emails = await db.profile.findMany({ where: { id: { in: [fr, en] } }, select: { id: true, email: true } })
  const to = (id: string) => smtp.mails.filter((m) => m.to.includes(emails.find((p) => p.id === id)!.email!))
  expect(to(fr)).toHaveLength(1)
  expect(to(en)).toHaveLength(1)
  const frRaw = to(fr)[0]!.raw
  const enRaw = to(en)[0]!.raw
  expect(frRaw).toMatch(/^Subject: Les soldes/m)
  expect(frRaw).toContain('Bonjour')
  expect(frRaw).toContain('Acheter')
  expect(frRaw).not.toContain('Hello there')
  // an untranslated string falls back to the original
  expect(frRaw).toContain('New arrivals')
  expect(enRaw).toMatch(/^Subject: Summer sale/m)
  expect(enRaw).toContain('Hello there')
  expect(enRaw).not.toContain('Bonjour')
})

test('a flow email of the template: the French profile gets the French version, the English one the original', async () => {
  await prepareFlowJobs()
  const [frFlow, enFlow] = await profiles(A, 2)
  await db.profile.update({ where: { id: frFlow }, data: { locale: 'fr' } })
  const def = flowDefinition.parse({
    triggers: [],
    profile_filter: null,
    reentry_criteria: null,
    entry_action_id: 'e',
    actions: [
      {
        temporary_id: 'e',
        type: 'send-email',
        links: { next: null },
        data: {
          status: 'live',
          message: { subject_line: 'Welcome', from_email: 'shop@x.test', from_label: 'Shop', template_id: tplId },
        },
      },
    ],
  }) as FlowDefinition
  const flowId = await createFlow(A, { name: 'Welcome', definition: def, status: 'live' })
  const now = new Date()
  for (const profileId of [frFlow!, enFlow!])
    await enterFlow({ companyId: A, flowId, profileId, entryKey: 'k', triggerKind: 'metric', now })
  await drainFlowRuns({ now: () => now })
  await runJobsUntilIdle()
  await runJobsUntilIdle()
  const emails = await db.profile.findMany({ where: { id: { in: [frFlow!, enFlow!] } } })
  const to = (id: string) => smtp.mails.filter((m) => m.to.includes(emails.find((p) => p.id === id)!.email!))
  expect(to(frFlow!)).toHaveLength(1)
  expect(to(enFlow!)).toHaveLength(1)
  // the template's French subject wins over the flow message's own
  expect(to(frFlow!)[0]!.raw).toMatch(/^Subject: Les soldes/m)
  expect(to(frFlow!)[0]!.raw).toContain('Bonjour')
  expect(to(enFlow!)[0]!.raw).toMatch(/^Subject: Welcome/m)
  expect(to(enFlow!)[0]!.raw).toContain('Hello there')
})

test('a template edit compiles its ready translations again; a changed original falls back', async () => {
  await updateTemplate(A, tplId, { definition: definition('Hello friend') })
  const row = await db.templateTranslation.findFirstOrThrow({
    where: { companyId: A, templateId: tplId, locale: 'fr-FR' },
  })
  const compiled = JSON.parse(row.compiled!)
  expect(compiled.html).toContain('Hello friend')
  expect(compiled.html).toContain('Acheter')
})

test('deleting the template deletes its translations', async () => {
  const { id } = await createTemplate(A, { name: 'Gone', editorType: 'CODE', html: '<p>Bye</p>' })
  await add(ownerA, 'it-IT', 'template', id)
  expect(await db.templateTranslation.count({ where: { templateId: id } })).toBe(1)
  const { deleteTemplate } = await import('@/lib/templates/store/save-template')
  await deleteTemplate(A, id)
  expect(await db.templateTranslation.count({ where: { templateId: id } })).toBe(0)
})

test('another account gets 404s; an Analyst reads but cannot write', async () => {
  expect((await list_(ownerB)).status).toBe(404)
  expect((await list_(ownerB, 'template', tplId)).status).toBe(404)
  expect((await get(ownerB, 'fr-FR')).status).toBe(404)
  expect((await put(ownerB, 'fr-FR', { strings: {} })).status).toBe(404)
  expect((await add(ownerB, 'it-IT')).status).toBe(404)
  expect((await exportFile(ownerB, 'fr-FR', 'csv')).status).toBe(404)
  expect((await list_(analystA)).status).toBe(200)
  expect((await add(analystA, 'it-IT')).status).toBe(403)
  expect((await put(analystA, 'fr-FR', { strings: {} })).status).toBe(403)
  expect((await importFile(analystA, 'fr-FR', 'csv', 'id,translation\n')).status).toBe(403)
  expect((await list_(ownerA, 'nope', 'x')).status).toBe(400)
})
