/** @jest-environment node */
// The asset and brand library (issue 27 §4): the brand kit's styles, header links and social icons
// are validated field by field and kept per company; fonts come hosted (from the catalogue), by web
// stylesheet URL or uploaded (checked by bytes and size); another account sees and touches nothing.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { ajaxRequest, CSRF, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as brand from '@/app/ajax/asset-library/brand/route'
import * as fonts from '@/app/ajax/asset-library/fonts/route'
import * as custom from '@/app/ajax/asset-library/fonts/custom/route'
import * as oneFont from '@/app/ajax/asset-library/fonts/[id]/route'

let A: number, B: number
let ownerA: string, analystA: string, ownerB: string
beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'brand-'))
  A = (await makeCompany('Shop A')).id
  B = (await makeCompany('Shop B')).id
  ownerA = await signIn((await makeUser({ companyId: A, role: 'owner' })).id, A)
  analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  ownerB = await signIn((await makeUser({ companyId: B, role: 'owner' })).id, B)
})

const put = (cookie: string, body: unknown) =>
  brand.PUT(ajaxRequest('/ajax/asset-library/brand', { method: 'PUT', cookie, body }))
const get = (cookie: string) => brand.GET(ajaxRequest('/ajax/asset-library/brand', { cookie }))

const styles = {
  colors: { primary: '#112233', secondary: '#445566', background: '#ffffff', text: '#000000', link: '#0000ff' },
  fonts: { heading: 'Montserrat', body: 'Lato' },
  button: { backgroundColor: '#112233', textColor: '#ffffff', borderRadius: 8, shape: 'pill' },
}

test('a brand kit starts with defaults, saves its parts separately and stays with its company', async () => {
  const first = await (await get(ownerA)).json()
  expect(first.brand).toMatchObject({ headerLinks: [], socialIcons: [], updated: null })

  expect((await put(ownerA, { styles })).status).toBe(200)
  const links = [{ label: 'Shop', url: 'https://shop.example/all' }]
  const r = await put(ownerA, {
    headerLinks: links,
    socialIcons: [{ network: 'instagram', url: 'https://instagram.com/a' }],
  })
  expect(r.status).toBe(200)
  const saved = (await r.json()).brand
  expect(saved.styles).toEqual(styles)
  expect(saved.headerLinks).toEqual(links)
  expect(saved.socialIcons).toEqual([{ network: 'instagram', url: 'https://instagram.com/a' }])

  const other = (await (await get(ownerB)).json()).brand
  expect(other.headerLinks).toEqual([])
  expect(other.styles.fonts.heading).toBe('Arial')
})

test('bad brand input is a 400 with the field, an analyst cannot write', async () => {
  const badColour = await put(ownerA, { styles: { ...styles, colors: { ...styles.colors, primary: 'red' } } })
  expect(badColour.status).toBe(400)
  expect(JSON.stringify(await badColour.json())).toContain('primary')

  const badLink = await put(ownerA, { headerLinks: [{ label: 'X', url: 'javascript:alert(1)' }] })
  expect(badLink.status).toBe(400)
  const twice = await put(ownerA, {
    socialIcons: [
      { network: 'x', url: 'https://x.com/a' },
      { network: 'x', url: 'https://x.com/b' },
    ],
  })
  expect(twice.status).toBe(400)
  expect((await put(analystA, { headerLinks: [] })).status).toBe(403)
})

const addFont = (cookie: string, body: unknown) =>
  fonts.POST(ajaxRequest('/ajax/asset-library/fonts', { method: 'POST', cookie, body }))
const listFonts = async (cookie: string) =>
  (await (await fonts.GET(ajaxRequest('/ajax/asset-library/fonts', { cookie }))).json()).fonts as {
    id: string
    family: string
    source: string
  }[]

async function upload(cookie: string, bytes: Uint8Array<ArrayBuffer>, family: string) {
  const form = new FormData()
  form.set('file', new Blob([bytes]), 'font.bin')
  form.set('family', family)
  const r = new Request('http://localhost:3000/ajax/asset-library/fonts/custom', { method: 'POST', body: form })
  const buf = await r.arrayBuffer()
  return custom.POST(
    new Request(r.url, {
      method: 'POST',
      body: buf,
      headers: { cookie, 'x-csrftoken': CSRF, 'content-type': r.headers.get('content-type')! },
    }),
  )
}

test('hosted and web fonts are added, checked and kept per company', async () => {
  expect((await addFont(ownerA, { source: 'hosted', family: 'Roboto' })).status).toBe(201)
  expect((await addFont(ownerA, { source: 'hosted', family: 'Comic Sans' })).status).toBe(400)
  expect((await addFont(ownerA, { source: 'hosted', family: 'Roboto' })).status).toBe(400)
  const web = await addFont(ownerA, { source: 'web', family: 'Inter', url: 'https://fonts.example/css?family=Inter' })
  expect(web.status).toBe(201)
  expect((await addFont(ownerA, { source: 'web', family: 'Inter2', url: 'http://fonts.example/x.css' })).status).toBe(
    400,
  )
  expect((await listFonts(ownerA)).map((f) => f.family)).toEqual(['Inter', 'Roboto'])
  expect(await listFonts(ownerB)).toEqual([])
})

test('a custom font upload is checked for type and size; another company cannot delete it', async () => {
  const woff2 = new Uint8Array(64)
  woff2.set([0x77, 0x4f, 0x46, 0x32]) // "wOF2"
  const ok = await upload(ownerA, woff2, 'Brand Sans')
  expect(ok.status).toBe(201)
  const { font } = await ok.json()
  expect(font).toMatchObject({ source: 'custom', family: 'Brand Sans', mime: 'font/woff2', size: 64 })

  const png = new Uint8Array(64)
  png.set([0x89, 0x50, 0x4e, 0x47])
  const notFont = await upload(ownerA, png, 'Other')
  expect(notFont.status).toBe(400)
  expect((await notFont.json()).field_errors ?? {}).toBeDefined()

  const big = new Uint8Array(2 * 1024 * 1024 + 10)
  big.set([0x77, 0x4f, 0x46, 0x46])
  expect((await upload(ownerA, big, 'Big')).status).toBe(400)

  const served = await (
    await import('@/app/media/fonts/[file]/route')
  ).GET(new Request('http://x/'), {
    params: Promise.resolve({ file: `${font.id}.woff2` }),
  })
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('font/woff2')
  expect((await served.arrayBuffer()).byteLength).toBe(64)

  const delB = await oneFont.DELETE(
    ajaxRequest(`/ajax/asset-library/fonts/${font.id}`, { method: 'DELETE', cookie: ownerB }),
    params({ id: font.id }),
  )
  expect(delB.status).toBe(404)
  const delA = await oneFont.DELETE(
    ajaxRequest(`/ajax/asset-library/fonts/${font.id}`, { method: 'DELETE', cookie: ownerA }),
    params({ id: font.id }),
  )
  expect(delA.status).toBe(200)
  expect((await listFonts(ownerA)).some((f) => f.id === font.id)).toBe(false)
})

test('a themed template is made from the brand kit as a block template of the company', async () => {
  const { db } = await import('@/lib/db/client')
  const themed = await import('@/app/ajax/asset-library/themed/route')
  const make = (cookie: string, body: unknown) =>
    themed.POST(ajaxRequest('/ajax/asset-library/themed', { method: 'POST', cookie, body }))
  const r = await make(ownerA, { theme: 'promotion', name: 'Spring sale' })
  expect(r.status).toBe(201)
  const { template } = await r.json()
  const row = await db.template.findFirstOrThrow({ where: { id: template.id } })
  expect(row).toMatchObject({ companyId: A, editorType: 'SYSTEM_DRAGGABLE', name: 'Spring sale' })
  // The brand's header link, button colour and social icon are in the compiled email.
  expect(row.compiledHtml).toContain('https://shop.example/all')
  expect(row.compiledHtml.toLowerCase()).toContain('#112233')
  expect(row.compiledHtml).toContain('instagram.com/a')
  expect((await make(ownerA, { theme: 'nope', name: 'x' })).status).toBe(400)
  expect((await make(analystA, { theme: 'welcome', name: 'x' })).status).toBe(403)
})

test('create with AI writes a block template from the goal, tone and products, without a model', async () => {
  const { db } = await import('@/lib/db/client')
  const gen = await import('@/app/ajax/asset-library/generate/route')
  const post = (body: unknown) =>
    gen.POST(ajaxRequest('/ajax/asset-library/generate', { method: 'POST', cookie: ownerA, body }))
  const r = await post({
    name: 'Launch',
    goal: 'product_launch',
    tone: 'urgent',
    offer: '20% off <today>',
    shopUrl: 'https://shop.example',
    products: [{ title: 'Linen shirt', price: '$49', url: 'https://shop.example/p/1' }],
  })
  expect(r.status).toBe(201)
  const out = await r.json()
  expect(out.subjects[0]).toMatch(/^Last chance: /)
  const row = await db.template.findFirstOrThrow({ where: { id: out.template.id, companyId: A } })
  expect(row.compiledHtml).toContain('Linen shirt')
  expect(row.compiledHtml).toContain('20% off &lt;today&gt;')
  expect(row.compiledHtml).toContain('https://shop.example/all') // the brand's header link
  const bad = await post({ name: 'x', goal: 'launch', shopUrl: 'ftp://x', products: [] })
  expect(bad.status).toBe(400)
})
