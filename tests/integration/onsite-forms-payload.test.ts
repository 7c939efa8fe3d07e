/** @jest-environment node */
// GET /onsite/forms: the live forms payload of the onsite script (issue 20 §2, F2b): live
// versions only, the publish window, forms switched off, experiments, list targeting as
// booleans, country header, company isolation, unknown key.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()

import { randomBytes } from 'node:crypto'
import { db } from '@/lib/db/client'
import { GET } from '@/app/onsite/forms/route'
import { GET as PREVIEW } from '@/app/onsite/forms/preview/route'
import { invalidateLiveForms } from '@/lib/forms/live-forms-cache'
import { signFormPreviewToken } from '@/lib/forms/preview-token'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'

type Company = Awaited<ReturnType<typeof makeCompany>>
const HOUR = 3_600_000
const def = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'popup',
    steps: [{ columns: [{ rows: [{ blocks: [{ type: 'email', properties: {} }] }] }] }],
    ...extra,
  })

async function makeForm(
  c: Company,
  opts: { status?: string; publishAt?: Date; unpublishAt?: Date; versionStatus?: string; definition?: string } = {},
) {
  const id = randomBytes(3).toString('hex')
  await db.form.create({
    data: {
      id,
      companyId: c.id,
      name: 'Form ' + id,
      status: opts.status ?? 'live',
      publishAt: opts.publishAt,
      unpublishAt: opts.unpublishAt,
    },
  })
  const v = await db.formVersion.create({
    data: { formId: id, companyId: c.id, status: opts.versionStatus ?? 'live', definition: opts.definition ?? def() },
  })
  return { id, versionId: v.id }
}

async function get(c: Company | string, query = '', headers: Record<string, string> = {}) {
  invalidateLiveForms()
  const key = typeof c === 'string' ? c : c.publicApiKey
  const res = await GET(
    new Request(`http://localhost:3000/onsite/forms?company_id=${encodeURIComponent(key)}${query}`, {
      headers: { origin: 'https://shop.example', ...headers },
    }),
  )
  return { status: res.status, headers: res.headers, json: await res.json() }
}

let a: Company
let b: Company
beforeAll(async () => {
  a = await makeCompany()
  b = await makeCompany()
})
beforeEach(() => resetRateLimits())

test('live forms with live versions only; drafts, draft versions and other companies are absent', async () => {
  const live = await makeForm(a)
  const draft = await makeForm(a, { status: 'draft' })
  const draftVersion = await makeForm(a, { versionStatus: 'draft' })
  const other = await makeForm(b)
  const r = await get(a)
  expect(r.status).toBe(200)
  expect(r.headers.get('access-control-allow-origin')).toBe('*')
  expect(r.json.settings).toEqual({ trackingEnabled: true, requireConsent: false, formsEnabled: true })
  const ids = r.json.forms.map((f: { form_id: string }) => f.form_id)
  expect(ids).toContain(live.id)
  expect(ids).not.toContain(draft.id)
  expect(ids).not.toContain(draftVersion.id)
  expect(ids).not.toContain(other.id)
  const f = r.json.forms.find((x: { form_id: string }) => x.form_id === live.id)
  expect(f).toMatchObject({ form_version_id: live.versionId, form_type: 'popup', definition: { type: 'popup' } })
  expect(f.audience).toBeUndefined()
})

test('publish window: scheduled inside shows, before publishAt or after unpublishAt does not', async () => {
  const now = Date.now()
  const inside = await makeForm(a, {
    status: 'scheduled',
    publishAt: new Date(now - HOUR),
    unpublishAt: new Date(now + HOUR),
  })
  const future = await makeForm(a, { status: 'scheduled', publishAt: new Date(now + HOUR) })
  const ended = await makeForm(a, { status: 'live', unpublishAt: new Date(now - HOUR) })
  const ids = (await get(a)).json.forms.map((f: { form_id: string }) => f.form_id)
  expect(ids).toContain(inside.id)
  expect(ids).not.toContain(future.id)
  expect(ids).not.toContain(ended.id)
})

test('a running experiment sends its variations with weights; forms switched off sends none', async () => {
  const c = await makeCompany()
  const f = await makeForm(c)
  const exp = await db.formExperiment.create({
    data: { companyId: c.id, formId: f.id, name: 'A/B', status: 'running' },
  })
  await db.formVersion.update({ where: { id: f.versionId }, data: { experimentId: exp.id, weight: 70 } })
  const vB = await db.formVersion.create({
    data: {
      formId: f.id,
      companyId: c.id,
      status: 'live',
      definition: def({ type: 'flyout' }),
      experimentId: exp.id,
      weight: 30,
    },
  })
  const form = (await get(c)).json.forms[0]
  expect(form.experiment.id).toBe(exp.id)
  expect(
    form.experiment.variations.map((v: { form_version_id: number; weight: number }) => [v.form_version_id, v.weight]),
  ).toEqual([
    [f.versionId, 70],
    [vB.id, 30],
  ])
  await db.onsiteSettings.create({ data: { companyId: c.id, formsEnabled: false } })
  const off = (await get(c)).json
  expect(off.settings.formsEnabled).toBe(false)
  expect(off.forms).toEqual([])
})

test('list targeting is answered per visitor as one boolean, never the memberships', async () => {
  const c = await makeCompany()
  const list = await db.group.create({
    data: { id: 'L' + randomBytes(3).toString('hex'), companyId: c.id, name: 'VIP' },
  })
  const f = await makeForm(c, {
    definition: def({ triggers: [{ type: 'lists_and_segments', properties: { allow_list: [list.id] } }] }),
  })
  const p = await db.profile.create({
    data: {
      id: 'P' + randomBytes(6).toString('hex'),
      companyId: c.id,
      email: 'vip@example.com',
      anonymousId: 'anon-vip',
    },
  })
  await db.groupMembership.create({ data: { companyId: c.id, groupId: list.id, profileId: p.id } })
  // The same email in another company is someone else.
  await db.profile.create({
    data: { id: 'P' + randomBytes(6).toString('hex'), companyId: b.id, email: 'stranger@example.com' },
  })
  const member = (await get(c, '&anonymous_id=anon-vip')).json.forms[0]
  expect(member.audience).toEqual({ lists_and_segments: true })
  expect((await get(c, '&email=vip%40example.com')).json.forms[0].audience).toEqual({ lists_and_segments: true })
  expect((await get(c, '&email=stranger%40example.com')).json.forms[0].audience).toEqual({ lists_and_segments: false })
  expect((await get(c)).json.forms[0].audience).toEqual({ lists_and_segments: false })
  expect(JSON.stringify((await get(c, '&anonymous_id=anon-vip')).json)).not.toContain('VIP"')
  expect(f.id).toBeTruthy()
})

test('country from the edge header, else null', async () => {
  expect((await get(a, '', { 'cf-ipcountry': 'de' })).json.country).toBe('DE')
  expect((await get(a, '', { 'x-vercel-ip-country': 'XX' })).json.country).toBeNull()
  expect((await get(a)).json.country).toBeNull()
})

test('unknown or missing company key: 400 JSON error and nothing else', async () => {
  const r = await get('no-such-key')
  expect(r.status).toBe(400)
  expect(r.json.errors[0].source).toEqual({ parameter: 'company_id' })
  expect(r.json.forms).toBeUndefined()
  expect((await get('')).status).toBe(400)
})

test('preview endpoint: a token shows its version (even a draft) to its own company only', async () => {
  const f = await makeForm(a, { status: 'draft', versionStatus: 'draft' })
  const token = signFormPreviewToken(a.id, f.id, f.versionId)
  const ask = (c: Company, t: string) =>
    PREVIEW(
      new Request(
        `http://localhost:3000/onsite/forms/preview?company_id=${c.publicApiKey}&token=${encodeURIComponent(t)}`,
      ),
    )
  const ok = await ask(a, token)
  expect(ok.status).toBe(200)
  expect((await ok.json()).form).toMatchObject({ form_id: f.id, form_version_id: f.versionId })
  expect((await ask(b, token)).status).toBe(404)
  expect((await ask(a, token.slice(0, -2) + 'xx')).status).toBe(404)
})
