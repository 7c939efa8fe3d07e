/** @jest-environment node */
// The official SDK (npm klaviyo-api 23.x) against our template and image endpoints over real
// HTTP on 127.0.0.1: only its base path changes.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(60_000)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ApiKeySession, ImagesApi, TemplatesApi, TemplateEnum } from 'klaviyo-api'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import { makeApiKey } from '../helpers/route-server'
import { PNG_1x1, startTemplateServer, type RouteServer } from './templates-routes'

const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'tpl-sdk-'))
let server: RouteServer
let templates: TemplatesApi
let images: ImagesApi
let otherTemplates: TemplatesApi

beforeAll(async () => {
  process.env.DATA_DIR = DATA
  process.env.APP_URL = 'https://app.example.test'
  server = await startTemplateServer()
  const key = await makeApiKey((await makeCompany('SDK shop')).id)
  templates = new TemplatesApi(new ApiKeySession(key))
  images = new ImagesApi(new ApiKeySession(key))
  otherTemplates = new TemplatesApi(new ApiKeySession(await makeApiKey((await makeCompany('Other')).id)))
  for (const api of [templates, images, otherTemplates]) api.basePath = server.url
})
beforeEach(() => resetRateLimits())
afterAll(async () => {
  await server.close()
  fs.rmSync(DATA, { recursive: true, force: true })
})

test('createTemplate, getTemplates (paged, filtered), getTemplate, renderTemplate, cloneTemplate', async () => {
  const created = await templates.createTemplate({
    data: {
      type: TemplateEnum.Template,
      attributes: {
        name: 'SDK welcome',
        editorType: 'CODE',
        html: '<p>Hello {{ first_name|default:"there" }} from {{ organization.name }}</p>',
        text: 'Hello {{ first_name }}',
      },
    },
  })
  expect(created.response.status).toBe(201)
  const id = created.body.data.id
  expect(created.body.data.attributes).toMatchObject({
    name: 'SDK welcome',
    editorType: 'CODE',
    text: 'Hello {{ first_name }}',
  })
  expect(created.body.data.attributes.created).toBeInstanceOf(Date)

  for (let i = 0; i < 11; i++) {
    await resetRateLimits()
    await templates.createTemplate({
      data: { type: TemplateEnum.Template, attributes: { name: `Bulk ${i}`, editorType: 'CODE', html: '<p>x</p>' } },
    })
  }
  const page1 = await templates.getTemplates({ sort: 'name' })
  expect(page1.body.data).toHaveLength(10)
  expect(page1.body.links?.next).toBeTruthy()
  const cursor = new URL(page1.body.links!.next!).searchParams.get('page[cursor]')!
  const page2 = await templates.getTemplates({ sort: 'name', pageCursor: cursor })
  const names = [...page1.body.data, ...page2.body.data].map((t) => t.attributes.name)
  expect(names).toEqual(['SDK welcome', ...Array.from({ length: 11 }, (_, i) => `Bulk ${i}`)].sort())
  expect(page2.body.links?.next ?? null).toBeNull()
  const filtered = await templates.getTemplates({ filter: 'equals(name,"SDK welcome")' })
  expect(filtered.body.data.map((t) => t.id)).toEqual([id])

  const one = await templates.getTemplate(id)
  expect(one.body.data.attributes.html).toContain('Hello {{ first_name')

  const rendered = await templates.renderTemplate({
    data: { type: TemplateEnum.Template, id, attributes: { context: { first_name: 'Ada' } } },
  })
  expect(rendered.response.status).toBe(201)
  expect(rendered.body.data.attributes.html).toBe('<p>Hello Ada from SDK shop</p>')
  expect(rendered.body.data.attributes.text).toBe('Hello Ada')

  const clone = await templates.cloneTemplate({
    data: { type: TemplateEnum.Template, id, attributes: { name: 'SDK copy' } },
  })
  expect(clone.response.status).toBe(201)
  expect(clone.body.data.attributes.name).toBe('SDK copy')

  // another company's key gets a 404 for this template
  await expect(otherTemplates.getTemplate(id)).rejects.toMatchObject({ response: { status: 404 } })
})

test('a syntax error reaches the SDK as a 400 naming line and column', async () => {
  const err = await templates
    .createTemplate({
      data: {
        type: TemplateEnum.Template,
        attributes: { name: 'Broken', editorType: 'CODE', html: '<p>\n{% if x %}never closed</p>' },
      },
    })
    .catch((e) => e)
  expect(err.response.status).toBe(400)
  expect(err.response.data.errors[0].detail).toMatch(/line 2, column \d+/)
})

test('uploadImageFromFile and getImages', async () => {
  const file = path.join(DATA, 'sdk.png')
  fs.writeFileSync(file, PNG_1x1)
  const up = await images.uploadImageFromFile(fs.createReadStream(file), 'SDK image')
  expect(up.response.status).toBe(201)
  expect(up.body.data.attributes).toMatchObject({ name: 'SDK image', format: 'png', size: PNG_1x1.length })
  const list = await images.getImages()
  expect(list.body.data.map((i) => i.id)).toContain(up.body.data.id)
})

test('a SYSTEM_DRAGGABLE template in the vendor definition shape: createTemplate and getTemplate with the definition', async () => {
  const definition = {
    body: {
      properties: {},
      styles: { backgroundColor: '#fafafa', width: 600 },
      sections: [
        {
          contentType: 'section',
          type: 'section',
          data: { properties: {}, displayOptions: {}, styles: {} },
          rows: [
            {
              data: { styles: { columnLayout: '1-column-full-width' } },
              columns: [
                {
                  blocks: [
                    {
                      contentType: 'block',
                      type: 'text',
                      data: {
                        content: '<p>Hi {{ first_name|default:"you" }}</p>',
                        displayOptions: {},
                        styles: { textAlign: 'center' },
                      },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    styles: [
      { styleType: 'base-styles', properties: {}, styles: { contentBackgroundColor: '#ffffff' } },
      { styleType: 'text-styles', styles: { color: '#222222' } },
    ],
  }
  const created = await templates.createTemplate({
    data: { type: TemplateEnum.Template, attributes: { name: 'SDK drag', editorType: 'SYSTEM_DRAGGABLE', definition } },
  } as never)
  expect(created.response.status).toBe(201)
  const got = await templates.getTemplate(created.body.data.id, { additionalFieldsTemplate: ['definition'] } as never)
  const d = got.body.data.attributes.definition as unknown as typeof definition
  expect(d.body.styles.backgroundColor).toBe('#fafafa')
  expect(d.body.sections[0]!.rows[0]!.columns[0]!.blocks[0]!.data.content).toBe(
    '<p>Hi {{ first_name|default:"you" }}</p>',
  )
  expect(got.body.data.attributes.html).toContain('Hi {{ first_name|default:"you" }}')
})
