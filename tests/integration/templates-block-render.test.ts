/** @jest-environment node */
// The editor's image, product and text blocks end to end on the server (issue 30 §4): an image
// uploaded through /ajax/email-templates/images, a product picked from /ajax/catalog-new/items
// and a rich-text block are saved through the real routes; the text block is stored sanitized;
// the definition compiles to MJML with the image's src, the product's title, price and link and
// the formatted text; the preview prints the price in the company's currency; a sent preview
// (the send pipeline, local outbox) carries both images at absolute addresses on APP_URL.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { db } from '@/lib/db/client'
import { ulid } from '@/lib/ids/make-id'
import { runJobsUntilIdle } from '@/lib/jobs/queue'
import { closeSmtpTransports } from '@/lib/messaging/email-transport'
import { definitionToMjml } from '@/lib/templates/definition-to-mjml'
import { blockDefinition } from '@/lib/templates/block-definition'
import { CSRF, ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'
import * as list from '@/app/ajax/email-templates/route'
import * as one from '@/app/ajax/email-templates/[id]/route'
import * as previewRoute from '@/app/ajax/email-templates/[id]/preview/route'
import * as sendPreview from '@/app/ajax/email-templates/[id]/send-preview/route'
import * as images from '@/app/ajax/email-templates/images/route'
import * as catalogItems from '@/app/ajax/catalog-new/items/route'
import { mediaPath } from '@/components/templates/editor/media-path'
import { productFromCatalog } from '@/components/templates/editor/product-block-settings'
import { PNG_1x1, type Json } from './templates-routes'

const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-blocks-'))
let A: number
let ownerA: string
let ownerB: string

beforeAll(async () => {
  process.env.DATA_DIR = DATA
  process.env.APP_URL = 'https://app.example.test'
  delete process.env.SMTP_URL
  A = (await db.company.update({ where: { id: (await makeCompany('Shop A')).id }, data: { currency: 'EUR' } })).id
  ownerA = await signIn((await makeUser({ companyId: A })).id, A)
  const B = (await makeCompany('Shop B')).id
  ownerB = await signIn((await makeUser({ companyId: B })).id, B)
  await db.catalogItem.create({
    data: {
      id: ulid(),
      companyId: A,
      externalId: 'MUG-1',
      title: 'Blue mug',
      price: 12.5,
      url: 'https://shop.test/p/mug',
      imageFullUrl: '/catalog-image/MUG-1',
      published: true,
    },
  })
  await db.catalogItem.create({
    data: {
      id: ulid(),
      companyId: B,
      externalId: 'MUG-B',
      title: 'Blue mug of B',
      price: 99,
      url: 'https://b.test/p/mug',
      published: true,
    },
  })
})
afterAll(() => {
  closeSmtpTransports()
  fs.rmSync(DATA, { recursive: true, force: true })
})

async function json(res: Response | Promise<Response>) {
  const r = await res
  const text = await r.text()
  let body: Json = null
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: r.status, body }
}
const req = (p: string, init: { method?: string; cookie?: string; body?: unknown } = {}) => ajaxRequest(p, init)

async function upload(cookie: string): Promise<Json> {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(PNG_1x1)], { type: 'image/png' }), 'hero.png')
  const r = new Request('http://localhost:3000/ajax/email-templates/images', { method: 'POST', body: form })
  const buf = await r.arrayBuffer()
  return json(
    images.POST(
      new Request(r.url, {
        method: 'POST',
        body: buf,
        headers: { cookie, 'x-csrftoken': CSRF, 'content-type': r.headers.get('content-type')! },
      }),
    ),
  )
}

test('a template with an uploaded image, a catalog product and rich text renders, previews and sends whole', async () => {
  const up = await upload(ownerA)
  expect(up.status).toBe(201)
  const src = mediaPath(up.body.image.url)
  expect(src).toMatch(/^\/media\/images\/[A-Za-z0-9]+\/hero\.png$/)

  // the picker's search: the company's own items only
  const found = await json(
    catalogItems.GET(req('/ajax/catalog-new/items?q=mug&published=true&numPerPage=12', { cookie: ownerA })),
  )
  expect(found.body.items.map((i: Json) => i.external_id)).toEqual(['MUG-1'])
  const product = productFromCatalog(found.body.items[0], 'Buy now')

  const created = await json(
    list.POST(
      req('/ajax/email-templates', { method: 'POST', cookie: ownerA, body: { mode: 'blank', name: 'Blocks' } }),
    ),
  )
  const id = created.body.template.id as string
  const definition = {
    version: 1,
    styles: {
      backgroundColor: '#f4f4f4',
      contentBackgroundColor: '#ffffff',
      textColor: '#222222',
      linkColor: '#1a73e8',
      fontFamily: 'Arial',
      contentWidth: 600,
    },
    body: [
      {
        type: 'text',
        html: '<h2 style="text-align: center;">Hi <strong>{{ first_name }}</strong></h2><p>Our <a href="https://shop.test/sale" onclick="steal()">sale</a> starts <em>now</em>.</p><script>alert(1)</script>',
      },
      { type: 'image', src, alt: 'New collection', href: 'https://shop.test/new', width: 600 },
      product,
    ],
  }
  const saved = await json(
    one.PUT(
      req(`/ajax/email-templates/${id}`, { method: 'PUT', cookie: ownerA, body: { definition } }),
      params({ id }),
    ),
  )
  expect(saved.status).toBe(200)

  // stored sanitized: what the editor shows again has no script and no handler
  const stored = blockDefinition.parse(saved.body.template.definition)
  const text = stored.body[0] as { html: string }
  expect(text.html).toBe(
    '<h2 style="text-align: center;">Hi <strong>{{ first_name }}</strong></h2><p>Our <a href="https://shop.test/sale">sale</a> starts <em>now</em>.</p>',
  )
  expect(stored.body[2]).toMatchObject({
    type: 'product',
    title: 'Blue mug',
    catalogItemId: 'MUG-1',
    amount: 12.5,
    imageUrl: '/catalog-image/MUG-1',
    href: 'https://shop.test/p/mug',
  })

  const mjml = definitionToMjml(stored)
  expect(mjml).toContain(`<mj-image src="${src}" alt="New collection" href="https://shop.test/new" width="600px" />`)
  expect(mjml).toContain('<mj-image src="/catalog-image/MUG-1" alt="Blue mug" href="https://shop.test/p/mug" />')
  expect(mjml).toContain('>Blue mug</mj-text>')
  expect(mjml).toContain('{{ 12.5|currency_format }}')
  expect(mjml).toContain('<mj-button href="https://shop.test/p/mug">Buy now</mj-button>')
  expect(mjml).toContain('Hi <strong>{{ first_name }}</strong>')

  // the editor's preview: the price in the company's currency, the formatted text for a profile
  const preview = await json(
    previewRoute.POST(
      req(`/ajax/email-templates/${id}/preview`, { method: 'POST', cookie: ownerA, body: { definition: stored } }),
      params({ id }),
    ),
  )
  expect(preview.status).toBe(200)
  const html = preview.body.html as string
  expect(html).toContain('€12.50')
  expect(html).toContain('Blue mug')
  expect(html).toContain('href="https://shop.test/p/mug"')
  expect(html).toMatch(/Hi <strong>[^<]*<\/strong>/)
  expect(html).toContain('<a href="https://shop.test/sale"')
  expect(html).toContain('<em>now</em>')
  expect(html).not.toMatch(/<script|onclick/)

  // a sent preview (the send pipeline): our image at an absolute address on APP_URL
  const sent = await json(
    sendPreview.POST(
      req(`/ajax/email-templates/${id}/send-preview`, {
        method: 'POST',
        cookie: ownerA,
        body: { email: 'designer@agency.test' },
      }),
      params({ id }),
    ),
  )
  expect(sent.status).toBe(202)
  await runJobsUntilIdle()
  const mail = await db.outboxMail.findFirst({ where: { sendId: sent.body.sendId } })
  expect(mail?.html).toContain(`src="https://app.example.test${src}"`)
  expect(mail?.html).toContain('src="https://app.example.test/catalog-image/MUG-1"')
  expect(mail?.html).not.toMatch(/src="\/(?!\/)/)
  expect(mail?.html).toContain('€12.50')
  expect(mail?.html).toContain('<em>now</em>')
  expect(mail?.text).toContain('Blue mug')
})

test("the picker never sees another company's catalog, and an upload needs a session of the company", async () => {
  const b = await json(catalogItems.GET(req('/ajax/catalog-new/items?q=mug', { cookie: ownerB })))
  expect(b.body.items.map((i: Json) => i.external_id)).toEqual(['MUG-B'])
  const anon = await json(
    images.POST(
      new Request('http://localhost:3000/ajax/email-templates/images', {
        method: 'POST',
        headers: { 'x-csrftoken': CSRF },
      }),
    ),
  )
  expect([401, 403]).toContain(anon.status)
})
