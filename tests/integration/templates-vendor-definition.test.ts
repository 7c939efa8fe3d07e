/** @jest-environment node */
// SYSTEM_DRAGGABLE templates on /api in the vendor's TemplateDefinition shape (body → sections →
// rows → columns → blocks; a styles list): created, rendered through MJML with the template
// language, answered back unchanged (blocks we cannot render kept, rendering nothing), patched,
// cloned; a definition made in our block editor answers in the vendor's shape; malformed
// documents get a JSON:API 400 whose pointer names the field; the official SDK drives it.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { createTemplate } from '@/lib/templates/store/save-template'
import { call, type Json } from './templates-routes'

let keyA: string
let keyB: string
let companyA: number
beforeAll(async () => {
  process.env.APP_URL = 'https://app.example.test'
  companyA = (await makeCompany('Acme')).id
  keyA = await makeApiKey(companyA)
  keyB = await makeApiKey((await makeCompany('Other')).id)
})
beforeEach(() => resetRateLimits())

const block = (type: string, data: Json, extra: Json = {}) => ({
  content_type: 'block',
  type,
  data: { display_options: {}, ...data },
  ...extra,
})
const row = (...columns: Json[][]) => ({
  data: { styles: { column_layout: columns.length === 1 ? '1-column-full-width' : '2-columns-equal-width' } },
  columns: columns.map((blocks) => ({ blocks })),
})
const vendorDefinition = {
  body: {
    properties: {},
    styles: { background_color: '#f0f0f0', width: 640 },
    sections: [
      {
        content_type: 'section',
        type: 'section',
        data: { properties: {}, display_options: {}, styles: { background_color: '#ffffff' } },
        rows: [
          row([
            block('text', {
              content: '<h1>Hello {{ first_name|default:"friend" }}</h1>',
              styles: { color: '#112233', text_align: 'center', font_size: 28 },
            }),
          ]),
          row([
            block('image', {
              properties: {
                dynamic: false,
                src: 'https://cdn.example/hero.png',
                alt_text: 'Hero',
                href: 'https://shop.example',
              },
              styles: { width: 600 },
            }),
          ]),
          row(
            [block('text', { content: '<p>Left column</p>', styles: {} })],
            [
              block('button', {
                content: 'Shop now',
                properties: { href: 'https://shop.example/sale' },
                styles: { background_color: '#ff6600', color: '#ffffff' },
              }),
            ],
          ),
          row([block('coupon', { properties: { coupon_code: 'SAVE10' }, styles: {} })]),
          row([
            block(
              'social',
              { properties: {}, styles: { icon_align: 'center' } },
              {
                subblocks: [
                  { type: 'social_link_icon', link_type: 'instagram', link_url: 'https://instagram.com/acme' },
                  { type: 'social_link_icon', link_type: 'snapchat', link_url: 'https://snap.example' },
                ],
              },
            ),
          ]),
          row([
            block(
              'product',
              {
                properties: { dynamic: false, show_button: true },
                display_options: { content_repeat: { repeat_for: 'event.Items', item_alias: 'item' } },
                styles: {},
              },
              {
                subblocks: [
                  {
                    type: 'product',
                    title: '{{ item.ProductName }}',
                    price: '{{ item.ItemPrice }}',
                    image_url: '{{ item.ImageURL }}',
                    link: '{{ item.ProductURL }}',
                    button_text: 'Buy',
                  },
                ],
              },
            ),
          ]),
          row([block('horizontal_rule', { styles: { border_color: '#cccccc', border_width: 2 } })]),
          row([block('spacer', { styles: { height: 24 } })]),
          row([block('html', { content: '<p>{% unsubscribe_link %}</p>' })]),
        ],
      },
    ],
  },
  styles: [
    { style_type: 'base-styles', properties: {}, styles: { content_background_color: '#ffffff' } },
    { style_type: 'text-styles', styles: { color: '#333333', font_family: 'Georgia, serif' } },
    { style_type: 'heading-1-styles', styles: {} },
    { style_type: 'heading-2-styles', styles: {} },
    { style_type: 'heading-3-styles', styles: {} },
    { style_type: 'heading-4-styles', styles: {} },
    { style_type: 'link-styles', styles: { color: '#0055aa' } },
    { style_type: 'mobile-styles', properties: {}, styles: {} },
  ],
}
const createBody = (definition: unknown, name = 'Vendor drag') => ({
  data: { type: 'template', attributes: { name, editor_type: 'SYSTEM_DRAGGABLE', definition } },
})

test('the vendor definition: created, compiled through MJML, rendered, and answered back as sent', async () => {
  const r = await call('POST', '/api/templates', { key: keyA, body: createBody(vendorDefinition) })
  expect(r.status).toBe(201)
  const id = r.json.data.id as string
  const html = r.json.data.attributes.html as string
  expect(html).toMatch(/<!doctype html>/i)
  expect(html).toContain('Hello {{ first_name|default:&quot;friend&quot; }}'.replace(/&quot;/g, '"'))
  expect(html).toContain('https://cdn.example/hero.png')
  expect(html).toContain('Shop now')
  expect(html).toContain('{% for item in event.Items %}')
  expect(html).toContain('https://instagram.com/acme')
  expect(html).not.toContain('SAVE10') // a coupon block is kept, not rendered
  expect(html).toContain('#f0f0f0')
  expect(r.json.data.attributes.definition).toEqual({ ...vendorDefinition, template_id: id })

  const got = await call('GET', `/api/templates/${id}?additional-fields[template]=definition`, { key: keyA })
  expect(got.json.data.attributes.definition).toEqual({ ...vendorDefinition, template_id: id })

  const rendered = await call('POST', '/api/template-render', {
    key: keyA,
    body: {
      data: {
        type: 'template',
        id,
        attributes: {
          context: {
            first_name: 'Ann',
            event: {
              Items: [
                {
                  ProductName: 'Red shoe',
                  ItemPrice: '49.00',
                  ProductURL: 'https://shop.example/red',
                  ImageURL: 'https://cdn.example/red.png',
                },
              ],
            },
          },
        },
      },
    },
  })
  expect(rendered.status).toBe(201)
  expect(rendered.json.data.attributes.html).toContain('Hello Ann')
  expect(rendered.json.data.attributes.html).toContain('Red shoe')
  expect(rendered.json.data.attributes.text).toContain('Hello Ann')

  // Another account cannot read it.
  expect((await call('GET', `/api/templates/${id}`, { key: keyB })).status).toBe(404)
})

test('PATCH replaces the definition (and its vendor document); renaming keeps it; clone copies it', async () => {
  const id = (await call('POST', '/api/templates', { key: keyA, body: createBody(vendorDefinition) })).json.data
    .id as string
  const smaller = {
    ...vendorDefinition,
    body: {
      ...vendorDefinition.body,
      sections: [{ ...vendorDefinition.body.sections[0]!, rows: vendorDefinition.body.sections[0]!.rows.slice(0, 1) }],
    },
  }
  const p = await call('PATCH', `/api/templates/${id}?additional-fields[template]=definition`, {
    key: keyA,
    body: { data: { type: 'template', id, attributes: { definition: smaller } } },
  })
  expect(p.status).toBe(200)
  expect(p.json.data.attributes.definition.body.sections[0].rows).toHaveLength(1)
  expect(p.json.data.attributes.html).not.toContain('Shop now')
  const renamed = await call('PATCH', `/api/templates/${id}?additional-fields[template]=definition`, {
    key: keyA,
    body: { data: { type: 'template', id, attributes: { name: 'Renamed', text: 'Plain {{ first_name }}' } } },
  })
  expect(renamed.json.data.attributes.definition).toEqual({ ...smaller, template_id: id })
  const clone = await call('POST', '/api/template-clone', {
    key: keyA,
    body: { data: { type: 'template', id, attributes: { name: 'Copy' } } },
  })
  expect(clone.status).toBe(201)
  const cloned = await call('GET', `/api/templates/${clone.json.data.id}?additional-fields[template]=definition`, {
    key: keyA,
  })
  expect(cloned.json.data.attributes.definition).toEqual({ ...smaller, template_id: clone.json.data.id })
})

test('a template made in our block editor answers in the vendor shape', async () => {
  const t = await createTemplate(companyA, {
    name: 'Editor made',
    editorType: 'SYSTEM_DRAGGABLE',
    definition: {
      styles: { backgroundColor: '#eeeeee', linkColor: '#123456' },
      body: [
        { type: 'text', html: '<p>Hi</p>', align: 'left' },
        {
          type: 'columns',
          columns: [
            { blocks: [{ type: 'image', src: 'https://cdn.example/a.png', alt: 'A' }] },
            { blocks: [{ type: 'button', text: 'Go', href: 'https://shop.example' }] },
          ],
        },
        { type: 'social', links: [{ network: 'x', href: 'https://x.com/acme' }] },
      ],
    },
  })
  const got = await call('GET', `/api/templates/${t.id}?additional-fields[template]=definition`, { key: keyA })
  const d = got.json.data.attributes.definition
  expect(d.template_id).toBe(t.id)
  expect(d.body.styles).toEqual({ background_color: '#eeeeee', width: 600 })
  expect(d.styles.map((s: Json) => s.style_type)).toEqual([
    'base-styles',
    'text-styles',
    'heading-1-styles',
    'heading-2-styles',
    'heading-3-styles',
    'heading-4-styles',
    'link-styles',
    'mobile-styles',
  ])
  expect(d.styles[6].styles.color).toBe('#123456')
  const rows = d.body.sections[0].rows
  expect(rows.map((r: Json) => r.data.styles.column_layout)).toEqual([
    '1-column-full-width',
    '2-columns-equal-width',
    '1-column-full-width',
  ])
  expect(rows[0].columns[0].blocks[0]).toMatchObject({
    content_type: 'block',
    type: 'text',
    data: { content: '<p>Hi</p>', styles: { text_align: 'left' } },
  })
  expect(rows[1].columns[1].blocks[0]).toMatchObject({
    type: 'button',
    data: { content: 'Go', properties: { href: 'https://shop.example' } },
  })
  expect(rows[2].columns[0].blocks[0].subblocks).toEqual([
    { type: 'social_link_icon', link_type: 'x-twitter', link_url: 'https://x.com/acme' },
  ])
  // …and that document, sent back, builds the same email.
  const again = await call('POST', '/api/templates', { key: keyA, body: createBody(d, 'Round trip') })
  expect(again.status).toBe(201)
  expect(again.json.data.attributes.html).toContain('https://cdn.example/a.png')
  expect(again.json.data.attributes.html).toContain('https://x.com/acme')
})

test.each([
  [{ body: { properties: {}, styles: {} } }, '/data/attributes/definition/styles'],
  [{ styles: [] }, '/data/attributes/definition/body'],
  [
    {
      ...vendorDefinition,
      body: {
        ...vendorDefinition.body,
        sections: [{ type: 'section', rows: [row([block('image', { properties: { dynamic: false }, styles: {} })])] }],
      },
    },
    '/data/attributes/definition/body/sections/0/rows/0/columns/0/blocks/0/data/properties/src',
  ],
  [
    {
      ...vendorDefinition,
      body: {
        ...vendorDefinition.body,
        sections: [{ type: 'section', rows: [row([{ content_type: 'block', data: {} }])] }],
      },
    },
    '/data/attributes/definition/body/sections/0/rows/0/columns/0/blocks/0/type',
  ],
  [
    { ...vendorDefinition, body: { ...vendorDefinition.body, sections: 'x' } },
    '/data/attributes/definition/body/sections',
  ],
])('a malformed vendor definition is a 400 naming the field (%#)', async (definition, pointer) => {
  const r = await call('POST', '/api/templates', { key: keyA, body: createBody(definition, 'Bad') })
  expect(r.status).toBe(400)
  expect(r.json.errors[0].source.pointer).toBe(pointer)
  expect((await call('GET', '/api/templates?filter=equals(name,"Bad")', { key: keyA })).json.data).toEqual([])
})
