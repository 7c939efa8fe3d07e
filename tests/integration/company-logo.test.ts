/** @jest-environment node */
// The organization logo (/settings/account/organization): uploaded through /ajax, type and size
// checked, stored as a hidden image served from our own origin, shown on the hosted pages and
// offered to new templates; removed again; an Analyst cannot change it; one account's upload
// never touches another's.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(30_000)

import { db } from '@/lib/db/client'
import { ajaxRequest, CSRF, makeCompany, makeUser, signIn, params } from '../helpers/factory'
import { POST as uploadLogo, DELETE as deleteLogo } from '@/app/ajax/account/organization/logo/route'
import { GET as organization } from '@/app/ajax/account/organization/route'
import { GET as branding } from '@/app/ajax/email-templates/branding/route'
import { GET as media } from '@/app/media/images/[id]/[name]/route'
import * as emailPagesRoute from '@/app/email/pages/[pageType]/[[...consentPageId]]/route'
import { preferencesUrl } from '@/lib/messaging/unsubscribe-link'
import { sentEmail } from '../helpers/unsubscribe-fixtures'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logo-data-'))
const APP = 'https://app.example.test'
beforeAll(() => {
  process.env.DATA_DIR = dataDir
  process.env.APP_URL = APP
})
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
)
function upload(cookie: string, bytes: Buffer, name = 'logo.png', type = 'image/png') {
  const form = new FormData()
  form.append('logo', new Blob([new Uint8Array(bytes)], { type }), name)
  return uploadLogo(
    new Request(`${APP}/ajax/account/organization/logo`, {
      method: 'POST',
      headers: { cookie, 'x-csrftoken': CSRF },
      body: form,
    }),
  )
}
async function account(role = 'owner', name = 'Logo Shop') {
  const company = await makeCompany(name)
  const user = await makeUser({ companyId: company.id, role })
  return { company, user, cookie: await signIn(user.id, company.id) }
}

test('an owner uploads a logo: stored hidden, served from our origin, shown on the hosted pages and in the template branding', async () => {
  const { company, cookie } = await account('owner', 'Acme Outdoor')
  const res = await upload(cookie, PNG)
  expect(res.status).toBe(200)
  const { logoUrl } = await res.json()
  expect(logoUrl).toMatch(new RegExp(`^${APP}/media/images/[A-Za-z0-9_-]+/logo\\.png$`))
  expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).logoUrl).toBe(logoUrl)
  const img = await db.image.findFirstOrThrow({ where: { companyId: company.id } })
  expect(img.hidden).toBe(true) // not in the template image library's list
  expect(await db.auditEntry.count({ where: { companyId: company.id, action: 'company.logo_changed' } })).toBe(1)

  // Served to anyone (email clients, hosted pages), from our origin.
  const served = await media(new Request(logoUrl), params({ id: img.id, name: 'logo.png' }))
  expect(served.status).toBe(200)
  expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)

  const org = await organization(ajaxRequest('/ajax/account/organization', { cookie }))
  expect((await org.json()).organization.logoUrl).toBe(logoUrl)
  const brand = await branding(ajaxRequest('/ajax/email-templates/branding', { cookie }))
  expect((await brand.json()).logoUrl).toBe(logoUrl)

  const { send } = await sentEmail(company.id, 'ann@x.test')
  const page = await emailPagesRoute.GET(new Request(preferencesUrl(send.id)), {
    params: Promise.resolve({ pageType: 'manage_preferences' }),
  })
  expect(page.status).toBe(200)
  expect(await page.text()).toContain(`<img src="${logoUrl}" alt="Acme Outdoor">`)

  const removed = await deleteLogo(ajaxRequest('/ajax/account/organization/logo', { method: 'DELETE', cookie }))
  expect(removed.status).toBe(200)
  expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).logoUrl).toBeNull()
  const after = await emailPagesRoute.GET(new Request(preferencesUrl(send.id)), {
    params: Promise.resolve({ pageType: 'manage_preferences' }),
  })
  expect(await after.text()).not.toContain('<img')
})

test('bad files are refused with the field named; nothing is stored', async () => {
  const { company, cookie } = await account()
  const notImage = await upload(cookie, Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png')
  expect(notImage.status).toBe(400)
  expect((await notImage.json()).fieldErrors.logo).toEqual(['The file is not a PNG, JPEG, GIF or WebP image.'])
  const big = await upload(cookie, Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]))
  expect(big.status).toBe(400)
  expect((await big.json()).fieldErrors.logo).toEqual(['The logo is larger than 1 MB.'])
  const form = new FormData()
  const none = await uploadLogo(
    new Request(`${APP}/ajax/account/organization/logo`, {
      method: 'POST',
      headers: { cookie, 'x-csrftoken': CSRF },
      body: form,
    }),
  )
  expect(none.status).toBe(400)
  expect((await none.json()).fieldErrors.logo).toEqual(['Choose a PNG, JPEG, GIF or WebP image for the logo.'])
  expect((await db.company.findUniqueOrThrow({ where: { id: company.id } })).logoUrl).toBeNull()
  expect(await db.image.count({ where: { companyId: company.id } })).toBe(0)
})

test("an Analyst cannot change the logo; one account's upload leaves another account alone", async () => {
  const a = await account('owner', 'Shop A')
  const b = await account('owner', 'Shop B')
  const analyst = await makeUser({ companyId: a.company.id, role: 'analyst' })
  const denied = await upload(await signIn(analyst.id, a.company.id), PNG)
  expect(denied.status).toBe(403)
  expect((await upload(a.cookie, PNG)).status).toBe(200)
  expect((await db.company.findUniqueOrThrow({ where: { id: b.company.id } })).logoUrl).toBeNull()
  expect(await db.image.count({ where: { companyId: b.company.id } })).toBe(0)
  expect(
    (await deleteLogo(ajaxRequest('/ajax/account/organization/logo', { method: 'DELETE', cookie: b.cookie }))).status,
  ).toBe(200)
  expect((await db.company.findUniqueOrThrow({ where: { id: a.company.id } })).logoUrl).not.toBeNull()
})
