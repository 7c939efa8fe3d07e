/** @jest-environment node */
// /api/templates, /api/template-render, /api/template-clone, /api/template-universal-content,
// /api/images and /api/image-upload through their real route handlers on a real database:
// the vendor's shapes and scopes, filters and paging, syntax errors with line and column, the
// 1 MB limit, images checked by their bytes and served from our origin, and company isolation.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { call, GIF_2x3, JPEG_4x5, PNG_1x1, type Json } from './templates-routes'

const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-data-'))
let keyA: string
let keyB: string
let companyA: number

beforeAll(async () => {
  process.env.DATA_DIR = DATA
  process.env.APP_URL = 'https://app.example.test'
  companyA = (await makeCompany('Acme')).id
  keyA = await makeApiKey(companyA)
  keyB = await makeApiKey((await makeCompany('Other')).id)
})
beforeEach(() => resetRateLimits())
afterAll(() => fs.rmSync(DATA, { recursive: true, force: true }))

const codeTemplate = (name: string, html: string, extra: Record<string, unknown> = {}) => ({
  data: { type: 'template', attributes: { name, editor_type: 'CODE', html, ...extra } },
})

async function create(name: string, html = '<p>Hello {{ first_name|default:"there" }}</p>', key = keyA) {
  const r = await call('POST', '/api/templates', { key, body: codeTemplate(name, html) })
  expect(r.status).toBe(201)
  return r.json.data as Json
}

describe('templates CRUD', () => {
  test('create, get, patch, delete in the vendor shape', async () => {
    const r = await call('POST', '/api/templates', {
      key: keyA,
      body: codeTemplate(
        'Welcome',
        '<html><head><style>p{color:red}</style></head><body><p>Hi {{ first_name }}</p></body></html>',
        { text: 'Hi {{ first_name }}' },
      ),
    })
    expect(r.status).toBe(201)
    expect(r.headers.get('content-type')).toBe('application/vnd.api+json')
    const t = r.json.data
    expect(t).toMatchObject({
      type: 'template',
      attributes: { name: 'Welcome', editor_type: 'CODE', text: 'Hi {{ first_name }}', amp: null },
    })
    expect(t.id).toMatch(/^[A-Za-z0-9]{6}$/)
    expect(t.attributes.created).toMatch(/\+00:00$/)
    // Links follow APP_URL when it is set (else the address the request came in on).
    expect(t.links.self).toBe(`https://app.example.test/api/templates/${t.id}/`)

    const got = await call('GET', `/api/templates/${t.id}`, { key: keyA })
    expect(got.status).toBe(200)
    expect(got.json.data.attributes.html).toContain('Hi {{ first_name }}')
    expect(got.json.data.attributes.definition).toBeUndefined()

    const patched = await call('PATCH', `/api/templates/${t.id}`, {
      key: keyA,
      body: {
        data: { type: 'template', id: t.id, attributes: { name: 'Welcome 2', html: '<p>Bye {{ first_name }}</p>' } },
      },
    })
    expect(patched.status).toBe(200)
    expect(patched.json.data.attributes).toMatchObject({ name: 'Welcome 2', html: '<p>Bye {{ first_name }}</p>' })

    const del = await call('DELETE', `/api/templates/${t.id}`, { key: keyA })
    expect(del.status).toBe(204)
    expect((await call('GET', `/api/templates/${t.id}`, { key: keyA })).status).toBe(404)
  })

  test('SYSTEM_DRAGGABLE: definition required, html forbidden, compiled through MJML; additional-fields gives the definition', async () => {
    const noDef = await call('POST', '/api/templates', {
      key: keyA,
      body: { data: { type: 'template', attributes: { name: 'D', editor_type: 'SYSTEM_DRAGGABLE' } } },
    })
    expect(noDef.status).toBe(400)
    expect(noDef.json.errors[0].source.pointer).toBe('/data/attributes/definition')
    const withHtml = await call('POST', '/api/templates', {
      key: keyA,
      body: {
        data: {
          type: 'template',
          attributes: {
            name: 'D',
            editor_type: 'SYSTEM_DRAGGABLE',
            html: '<p>x</p>',
            definition: { styles: {}, body: [] },
          },
        },
      },
    })
    expect(withHtml.status).toBe(400)
    expect(withHtml.json.errors[0].source.pointer).toBe('/data/attributes/html')

    const definition = {
      styles: { backgroundColor: '#eeeeee' },
      body: [
        { type: 'text', html: '<p>Hi {{ first_name }}</p>' },
        { type: 'button', text: 'Shop', href: 'https://shop.example' },
      ],
    }
    const r = await call('POST', '/api/templates', {
      key: keyA,
      body: { data: { type: 'template', attributes: { name: 'Drag', editor_type: 'SYSTEM_DRAGGABLE', definition } } },
    })
    expect(r.status).toBe(201)
    expect(r.json.data.attributes.html).toMatch(/<!doctype html>/i)
    expect(r.json.data.attributes.html).toContain('Hi {{ first_name }}')
    // Our own block shape is accepted; /api answers in the vendor's TemplateDefinition shape.
    expect(r.json.data.attributes.definition.body.sections[0].rows).toHaveLength(2)
    const got = await call('GET', `/api/templates/${r.json.data.id}?additional-fields[template]=definition`, {
      key: keyA,
    })
    expect(got.json.data.attributes.definition.body.styles.background_color).toBe('#eeeeee')

    const badDef = await call('POST', '/api/templates', {
      key: keyA,
      body: {
        data: {
          type: 'template',
          attributes: {
            name: 'Bad',
            editor_type: 'SYSTEM_DRAGGABLE',
            definition: { styles: {}, body: [{ type: 'text', html: '{% if x %}open' }] },
          },
        },
      },
    })
    expect(badDef.status).toBe(400)
    expect(badDef.json.errors[0].source.pointer).toBe('/data/attributes/definition/body/0/html')
  })

  test('a syntax error is refused with its line and column; nothing is saved', async () => {
    const before = (await call('GET', '/api/templates?filter=equals(name,"Broken")', { key: keyA })).json.data.length
    const r = await call('POST', '/api/templates', {
      key: keyA,
      body: codeTemplate('Broken', '<p>ok</p>\n<p>{% if first_name %}Hi</p>'),
    })
    expect(r.status).toBe(400)
    expect(r.json.errors[0]).toMatchObject({
      status: 400,
      code: 'invalid',
      source: { pointer: '/data/attributes/html' },
    })
    expect(r.json.errors[0].detail).toMatch(/\(line 2, column \d+\)$/)
    const bad = await call('POST', '/api/templates', {
      key: keyA,
      body: codeTemplate('Broken', '<p>{{ first_name </p>'),
    })
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].detail).toMatch(/line 1, column \d+/)
    expect((await call('GET', '/api/templates?filter=equals(name,"Broken")', { key: keyA })).json.data.length).toBe(
      before,
    )

    // an update with a syntax error leaves the template as it was
    const t = await create('Stable', '<p>Stable {{ first_name }}</p>')
    const p = await call('PATCH', `/api/templates/${t.id}`, {
      key: keyA,
      body: { data: { type: 'template', id: t.id, attributes: { html: '<p>{% for x in y %}</p>' } } },
    })
    expect(p.status).toBe(400)
    expect(p.json.errors[0].detail).toMatch(/line 1, column \d+/)
    expect((await call('GET', `/api/templates/${t.id}`, { key: keyA })).json.data.attributes.html).toBe(
      '<p>Stable {{ first_name }}</p>',
    )
  })

  test('a template over 1 MB is refused', async () => {
    const big = '<p>' + 'x'.repeat(1024 * 1024 + 10) + '</p>'
    const r = await call('POST', '/api/templates', { key: keyA, body: codeTemplate('Huge', big) })
    expect(r.status).toBe(400)
    expect(r.json.errors[0].detail).toMatch(/limit is 1 MB/)
    const ok = await call('POST', '/api/templates', {
      key: keyA,
      body: codeTemplate('Big but fine', '<p>' + 'x'.repeat(900 * 1024) + '</p>'),
    })
    expect(ok.status).toBe(201)
  })

  test('bad bodies are 400 with pointers; wrong type 400; id mismatch 409', async () => {
    const r = await call('POST', '/api/templates', {
      key: keyA,
      body: { data: { type: 'template', attributes: { name: 'X', editor_type: 'WYSIWYG', html: '<p/>' } } },
    })
    expect(r.status).toBe(400)
    expect(r.json.errors[0].source.pointer).toBe('/data/attributes/editor_type')
    expect((await call('POST', '/api/templates', { key: keyA, body: codeTemplate('  ', '<p>x</p>') })).status).toBe(400)
    expect((await call('POST', '/api/templates', { key: keyA, raw: '{"data":' })).status).toBe(400)
    const t = await create('Mismatch')
    expect(
      (
        await call('PATCH', `/api/templates/${t.id}`, {
          key: keyA,
          body: { data: { type: 'template', id: 'other1', attributes: { name: 'x' } } },
        })
      ).status,
    ).toBe(409)
  })
})

describe('list: filters, sort, 10 per page', () => {
  test('paging by cursor, name contains/equals, created filters and sorts', async () => {
    const { id: cid } = await makeCompany('Lister')
    const key = await makeApiKey(cid)
    for (let i = 0; i < 12; i++) await create(`Promo ${String(i).padStart(2, '0')}`, '<p>x</p>', key)
    await create('Welcome series', '<p>x</p>', key)

    const p1 = await call('GET', '/api/templates?sort=name', { key })
    expect(p1.status).toBe(200)
    expect(p1.json.data).toHaveLength(10)
    expect(p1.json.data[0].attributes.name).toBe('Promo 00')
    expect(p1.json.links.next).toContain('page%5Bcursor%5D=')
    const p2 = await call('GET', new URL(p1.json.links.next).pathname + new URL(p1.json.links.next).search, { key })
    expect(p2.json.data.map((t: Json) => t.attributes.name)).toEqual(['Promo 10', 'Promo 11', 'Welcome series'])
    expect(p2.json.links.next).toBeNull()

    expect((await call('GET', '/api/templates?page[size]=11', { key })).status).toBe(400)
    const small = await call('GET', '/api/templates?page[size]=3&sort=-name', { key })
    expect(small.json.data.map((t: Json) => t.attributes.name)).toEqual(['Welcome series', 'Promo 11', 'Promo 10'])

    const contains = await call('GET', '/api/templates?filter=contains(name,"welcome")', { key })
    expect(contains.json.data.map((t: Json) => t.attributes.name)).toEqual(['Welcome series'])
    const eq = await call('GET', '/api/templates?filter=equals(name,"Promo 03")', { key })
    expect(eq.json.data).toHaveLength(1)
    const ids = p1.json.data.slice(0, 2).map((t: Json) => t.id)
    const any = await call('GET', `/api/templates?filter=any(id,["${ids[0]}","${ids[1]}"])`, { key })
    expect(any.json.data.map((t: Json) => t.id).sort()).toEqual([...ids].sort())
    const future = await call('GET', '/api/templates?filter=greater-than(created,2999-01-01T00:00:00Z)', { key })
    expect(future.json.data).toHaveLength(0)
    const past = await call(
      'GET',
      '/api/templates?filter=greater-or-equal(updated,2000-01-01T00:00:00Z)&page[size]=1',
      { key },
    )
    expect(past.json.data).toHaveLength(1)
    expect((await call('GET', '/api/templates?filter=starts-with(name,"P")', { key })).status).toBe(400)
    expect((await call('GET', '/api/templates?sort=html', { key })).status).toBe(400)
    const sparse = await call('GET', '/api/templates?fields[template]=name&page[size]=1', { key })
    expect(Object.keys(sparse.json.data[0].attributes)).toEqual(['name'])
  })
})

describe('render and clone', () => {
  test('template-render: 201 with html and text; missing variables print nothing; Django filters', async () => {
    const t = await create(
      'Order',
      '<p>Hi {{ first_name|title }}, {{ event.Items.0.ProductName }} x{{ event.extra.Count|default:1 }}{{ missing.thing }}.</p>{% if vip %}<b>VIP</b>{% endif %}',
    )
    const r = await call('POST', '/api/template-render', {
      key: keyA,
      body: {
        data: {
          type: 'template',
          id: t.id,
          attributes: {
            context: { first_name: 'ada lovelace', event: { Items: [{ ProductName: 'Hat' }], extra: { Count: 2 } } },
          },
        },
      },
    })
    expect(r.status).toBe(201)
    expect(r.json.data).toMatchObject({
      type: 'template',
      id: t.id,
      attributes: { name: 'Order', editor_type: 'CODE' },
    })
    expect(r.json.data.attributes.html).toContain('<p>Hi Ada Lovelace, Hat x2.</p>')
    expect(r.json.data.attributes.html).not.toContain('VIP')
    expect(r.json.data.attributes.text).toContain('Hi Ada Lovelace, Hat x2.')
    const missing = await call('POST', '/api/template-render', {
      key: keyA,
      body: { data: { type: 'template', id: 'nope12', attributes: { context: {} } } },
    })
    expect(missing.status).toBe(404)
    const noCtx = await call('POST', '/api/template-render', {
      key: keyA,
      body: { data: { type: 'template', id: t.id, attributes: {} } },
    })
    expect(noCtx.status).toBe(400)
  })

  test('template-clone: 201, a new id with the same content', async () => {
    const t = await create('Original', '<p>Same {{ x }}</p>')
    const r = await call('POST', '/api/template-clone', {
      key: keyA,
      body: { data: { type: 'template', id: t.id, attributes: { name: 'The copy' } } },
    })
    expect(r.status).toBe(201)
    expect(r.json.data.id).not.toBe(t.id)
    expect(r.json.data.attributes).toMatchObject({ name: 'The copy', html: '<p>Same {{ x }}</p>', editor_type: 'CODE' })
    const unnamed = await call('POST', '/api/template-clone', {
      key: keyA,
      body: { data: { type: 'template', id: t.id, attributes: {} } },
    })
    expect(unnamed.json.data.attributes.name).toBe('Copy of Original')
  })
})

describe('universal content', () => {
  test('CRUD with the vendor definition; template syntax checked', async () => {
    const definition = {
      content_type: 'block',
      type: 'html',
      data: { content: '<p>Footer {{ organization.name }}</p>', display_options: {} },
    }
    const r = await call('POST', '/api/template-universal-content', {
      key: keyA,
      body: { data: { type: 'template-universal-content', attributes: { name: 'Footer', definition } } },
    })
    expect(r.status).toBe(201)
    const u = r.json.data
    expect(u).toMatchObject({
      type: 'template-universal-content',
      attributes: { name: 'Footer', definition, screenshot_status: 'never_generated' },
    })
    const list = await call('GET', '/api/template-universal-content?filter=equals(definition.type,"html")', {
      key: keyA,
    })
    expect(list.json.data.map((x: Json) => x.id)).toContain(u.id)
    const p = await call('PATCH', `/api/template-universal-content/${u.id}`, {
      key: keyA,
      body: { data: { type: 'template-universal-content', id: u.id, attributes: { name: 'Footer v2' } } },
    })
    expect(p.json.data.attributes.name).toBe('Footer v2')
    const bad = await call('POST', '/api/template-universal-content', {
      key: keyA,
      body: {
        data: {
          type: 'template-universal-content',
          attributes: {
            name: 'Bad',
            definition: { ...definition, data: { content: '{% if %}', display_options: {} } },
          },
        },
      },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].detail).toMatch(/line 1, column/)
    const noStyles = await call('POST', '/api/template-universal-content', {
      key: keyA,
      body: {
        data: {
          type: 'template-universal-content',
          attributes: {
            name: 'T',
            definition: { content_type: 'block', type: 'text', data: { content: 'x', display_options: {} } },
          },
        },
      },
    })
    expect(noStyles.status).toBe(400)
    expect((await call('GET', `/api/template-universal-content/${u.id}`, { key: keyB })).status).toBe(404)
    expect((await call('DELETE', `/api/template-universal-content/${u.id}`, { key: keyA })).status).toBe(204)
    expect((await call('GET', `/api/template-universal-content/${u.id}`, { key: keyA })).status).toBe(404)
  })
})

function upload(file: Buffer, filename: string, extra: Record<string, string> = {}, type = 'image/png') {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(file)], { type }), filename)
  for (const [k, v] of Object.entries(extra)) form.set(k, v)
  return form
}

describe('images', () => {
  test('upload: real images kept, served from our origin with their type; text named .png refused', async () => {
    const r = await call('POST', '/api/image-upload', { key: keyA, form: upload(PNG_1x1, 'dot.png', { name: 'Dot' }) })
    expect(r.status).toBe(201)
    const img = r.json.data
    expect(img).toMatchObject({
      type: 'image',
      attributes: { name: 'Dot', format: 'png', size: PNG_1x1.length, hidden: false },
    })
    expect(img.attributes.image_url).toMatch(
      new RegExp(`^https://app\\.example\\.test/media/images/${img.id}/Dot\\.png$`),
    )
    const served = await call('GET', new URL(img.attributes.image_url).pathname)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.buf.equals(PNG_1x1)).toBe(true)

    const fake = await call('POST', '/api/image-upload', {
      key: keyA,
      form: upload(Buffer.from('I am not a picture, just text.'), 'evil.png'),
    })
    expect(fake.status).toBe(400)
    expect(fake.json.errors[0].detail).toMatch(/not a PNG, JPEG, GIF or WebP/)
    const svg = await call('POST', '/api/image-upload', {
      key: keyA,
      form: upload(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        {},
        'image/svg+xml',
      ),
    })
    expect(svg.status).toBe(400)
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024)])
    const tooBig = await call('POST', '/api/image-upload', { key: keyA, form: upload(big, 'big.png') })
    expect([400, 413]).toContain(tooBig.status)
    const none = await call('POST', '/api/image-upload', {
      key: keyA,
      form: (() => {
        const f = new FormData()
        f.set('name', 'x')
        return f
      })(),
    })
    expect(none.status).toBe(400)
    expect((await call('POST', '/api/image-upload', { key: keyA, body: { data: {} } })).status).toBe(415)

    const gif = await call('POST', '/api/image-upload', {
      key: keyA,
      form: upload(GIF_2x3, 'anim.gif', { hidden: 'true' }, 'image/gif'),
    })
    expect(gif.json.data.attributes).toMatchObject({ format: 'gif', hidden: true, name: 'anim.gif' })
    const jpeg = await call('POST', '/api/image-upload', {
      key: keyA,
      form: upload(JPEG_4x5, 'photo.jpeg', {}, 'image/jpeg'),
    })
    expect(jpeg.json.data.attributes.format).toBe('jpeg')
    expect(jpeg.json.data.attributes.image_url).toMatch(/photo\.jpg$/)
  })

  test('list with filters, get, patch name and hidden', async () => {
    const { id: cid } = await makeCompany('Gallery')
    const key = await makeApiKey(cid)
    const a = (await call('POST', '/api/image-upload', { key, form: upload(PNG_1x1, 'alpha.png') })).json.data
    const b = (await call('POST', '/api/image-upload', { key, form: upload(GIF_2x3, 'beta.gif', {}, 'image/gif') }))
      .json.data
    const all = await call('GET', '/api/images?sort=name', { key })
    expect(all.json.data.map((x: Json) => x.attributes.name)).toEqual(['alpha.png', 'beta.gif'])
    expect(
      (await call('GET', '/api/images?filter=equals(format,"gif")', { key })).json.data.map((x: Json) => x.id),
    ).toEqual([b.id])
    expect(
      (await call('GET', '/api/images?filter=starts-with(name,"alp")', { key })).json.data.map((x: Json) => x.id),
    ).toEqual([a.id])
    expect(
      (await call('GET', `/api/images?filter=greater-than(size,${PNG_1x1.length})`, { key })).json.data,
    ).toHaveLength(0)
    expect((await call('GET', '/api/images?page[size]=1', { key })).json.links.next).not.toBeNull()
    const got = await call('GET', `/api/images/${a.id}`, { key })
    expect(got.json.data.attributes.name).toBe('alpha.png')
    const p = await call('PATCH', `/api/images/${a.id}`, {
      key,
      body: { data: { type: 'image', id: a.id, attributes: { name: 'Renamed', hidden: true } } },
    })
    expect(p.status).toBe(200)
    expect(p.json.data.attributes).toMatchObject({ name: 'Renamed', hidden: true })
    const hiddenOnly = await call('GET', '/api/images?filter=equals(hidden,true)', { key })
    expect(hiddenOnly.json.errors).toBeUndefined()
    expect(hiddenOnly.json.data.map((x: Json) => x.id)).toEqual([a.id])
    // the old URL (with the old file name) still serves the image
    expect((await call('GET', new URL(a.attributes.image_url).pathname)).status).toBe(200)
  })

  test('import from URL: fetched, checked by its bytes; private addresses refused unless allowed', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/pic.gif') {
        res.writeHead(200, { 'content-type': 'image/gif' })
        res.end(GIF_2x3)
      } else if (req.url === '/moved') {
        res.writeHead(302, { location: '/pic.gif' })
        res.end()
      } else if (req.url === '/text.png') {
        res.writeHead(200, { 'content-type': 'image/png' })
        res.end('just text')
      } else {
        res.writeHead(404)
        res.end()
      }
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const body = (url: string, name?: string) => ({
      data: { type: 'image', attributes: { import_from_url: url, ...(name ? { name } : {}) } },
    })
    try {
      const refused = await call('POST', '/api/images', { key: keyA, body: body(`${base}/pic.gif`) })
      expect(refused.status).toBe(400)
      expect(refused.json.errors[0].detail).toMatch(/private network/)
      process.env.IMAGE_IMPORT_ALLOW_PRIVATE = '1'
      const ok = await call('POST', '/api/images', { key: keyA, body: body(`${base}/moved`, 'Imported') })
      expect(ok.status).toBe(201)
      expect(ok.json.data.attributes).toMatchObject({ name: 'Imported', format: 'gif', size: GIF_2x3.length })
      const served = await call('GET', new URL(ok.json.data.attributes.image_url).pathname)
      expect(served.buf.equals(GIF_2x3)).toBe(true)
      expect((await call('POST', '/api/images', { key: keyA, body: body(`${base}/text.png`) })).status).toBe(400)
      const missing = await call('POST', '/api/images', { key: keyA, body: body(`${base}/nothing.png`) })
      expect(missing.status).toBe(400)
      expect(missing.json.errors[0].detail).toMatch(/status 404/)
      expect((await call('POST', '/api/images', { key: keyA, body: body('file:///etc/passwd') })).status).toBe(400)
    } finally {
      delete process.env.IMAGE_IMPORT_ALLOW_PRIVATE
      await new Promise<void>((r) => server.close(() => r()))
    }
  })
})

describe('scopes and isolation', () => {
  test('scopes: templates:read cannot write; images need images scopes', async () => {
    const readOnly = await makeApiKey(companyA, ['templates:read'])
    expect((await call('GET', '/api/templates', { key: readOnly })).status).toBe(200)
    expect((await call('POST', '/api/templates', { key: readOnly, body: codeTemplate('x', '<p>x</p>') })).status).toBe(
      403,
    )
    expect((await call('GET', '/api/images', { key: readOnly })).status).toBe(403)
    expect((await call('GET', '/api/templates')).status).toBe(401)
    const imagesOnly = await makeApiKey(companyA, ['images:read', 'images:write'])
    expect((await call('GET', '/api/images', { key: imagesOnly })).status).toBe(200)
    expect((await call('GET', '/api/templates', { key: imagesOnly })).status).toBe(403)
  })

  test("one company cannot see or touch another company's templates and images", async () => {
    const t = await create('Private A')
    const img = (await call('POST', '/api/image-upload', { key: keyA, form: upload(PNG_1x1, 'a.png') })).json.data
    expect((await call('GET', `/api/templates/${t.id}`, { key: keyB })).status).toBe(404)
    expect(
      (
        await call('PATCH', `/api/templates/${t.id}`, {
          key: keyB,
          body: { data: { type: 'template', id: t.id, attributes: { name: 'stolen' } } },
        })
      ).status,
    ).toBe(404)
    expect((await call('DELETE', `/api/templates/${t.id}`, { key: keyB })).status).toBe(404)
    expect(
      (
        await call('POST', '/api/template-render', {
          key: keyB,
          body: { data: { type: 'template', id: t.id, attributes: { context: {} } } },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call('POST', '/api/template-clone', {
          key: keyB,
          body: { data: { type: 'template', id: t.id, attributes: {} } },
        })
      ).status,
    ).toBe(404)
    expect((await call('GET', `/api/templates?filter=equals(id,"${t.id}")`, { key: keyB })).json.data).toHaveLength(0)
    expect((await call('GET', `/api/images/${img.id}`, { key: keyB })).status).toBe(404)
    expect(
      (
        await call('PATCH', `/api/images/${img.id}`, {
          key: keyB,
          body: { data: { type: 'image', id: img.id, attributes: { hidden: true } } },
        })
      ).status,
    ).toBe(404)
    expect((await call('GET', '/api/images', { key: keyB })).json.data.map((x: Json) => x.id)).not.toContain(img.id)
    expect((await call('GET', `/api/templates/${t.id}`, { key: keyA })).json.data.attributes.name).toBe('Private A')
  })
})

test('template-render is limited to 3 per second', async () => {
  const t = await create('Limited')
  const body = { data: { type: 'template', id: t.id, attributes: { context: {} } } }
  await resetRateLimits()
  // all at once, so a slow machine cannot spread them over more than one second
  const statuses = (
    await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/template-render', { key: keyA, body, throttle: true })),
    )
  ).map((r) => r.status)
  expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1)
  expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(4)
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4)
})
