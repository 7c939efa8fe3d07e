// /ajax/email-templates: the template screens' calls (seed 002 §7.16; paths are ours, see
// lib/templates/store/ajax-contract.md).
import { ajax, readBody } from '@/lib/http/ajax'
import { AppError, badRequest } from '@/lib/errors/app-error'
import { camelizeKeys } from '@/lib/text/keys'
import { createTemplateBody, withTemplateErrors } from '@/lib/templates/store/ajax-bodies'
import { imageInfo } from '@/lib/templates/store/image-store'
import { importTemplate, HTML_METHODS, type HtmlMethod } from '@/lib/templates/store/import-template'
import { layoutById } from '@/lib/templates/store/layouts'
import { listTemplates, listTemplatesQuery } from '@/lib/templates/store/list-templates'
import { fileField, readMultipart } from '@/lib/http/read-multipart'
import { createTemplate } from '@/lib/templates/store/save-template'
import { templateDetail } from '@/lib/templates/store/template-view'

// GET /ajax/email-templates – the templates list (search, editor_type, sort, page, page_size)
export const GET = ajax({
  resources: ['templates_read'],
  query: listTemplatesQuery,
  handler: ({ ctx, query }) => listTemplates(ctx.principal.companyId, query),
})

async function createFromMultipart(companyId: number, req: Request) {
  const form = await readMultipart(req, 6 * 1024 * 1024)
  const str = (k: string) => (typeof form.get(k) === 'string' ? (form.get(k) as string) : undefined)
  const method = str('html_method') ?? ''
  if (!(HTML_METHODS as readonly string[]).includes(method))
    throw badRequest('Choose how to import the HTML.', { html_method: ['Choose upload, zip or paste.'] })
  const name = str('name')?.trim() ?? ''
  if (!name) throw badRequest('A template name is required.', { name: ['A template name is required.'] })
  const { template, images } = await importTemplate(companyId, {
    name,
    isTransactional: ['true', 'on', '1'].includes(str('is_transactional') ?? ''),
    htmlMethod: method as HtmlMethod,
    htmlInput: str('html_input'),
    htmlFile: await fileField(form, 'html_file'),
    relatedZip: await fileField(form, 'related_zip'),
  })
  return { template: templateDetail(template), images: images.map(imageInfo) }
}

// POST /ajax/email-templates – creates a template: blank, from a layout, or imported (JSON, or multipart with html_file / related_zip)
export const POST = ajax({
  resources: ['templates_write'],
  handler: ({ ctx }) =>
    withTemplateErrors(async () => {
      const companyId = ctx.principal.companyId
      if (/^multipart\/form-data/i.test(ctx.req.headers.get('content-type') ?? '')) {
        return Response.json(await createFromMultipart(companyId, ctx.req), { status: 201 })
      }
      const body = createTemplateBody.parse(camelizeKeys(await readBody(ctx.req)))
      if (body.mode === 'import') {
        if (body.htmlMethod !== 'paste')
          throw badRequest('Upload the file as multipart/form-data.', {
            html_method: ['Files are sent as multipart/form-data.'],
          })
        const { template } = await importTemplate(companyId, {
          name: body.name,
          isTransactional: body.isTransactional,
          htmlMethod: 'paste',
          htmlInput: body.htmlInput,
        })
        return Response.json({ template: templateDetail(template), images: [] }, { status: 201 })
      }
      let t
      if (body.mode === 'layout') {
        const layout = layoutById(body.layout)
        if (!layout)
          throw new AppError('invalid', 400, 'That layout does not exist.', { layout: ['That layout does not exist.'] })
        t = await createTemplate(companyId, {
          name: body.name,
          editorType: layout.editorType,
          html: layout.html,
          definition: layout.definition,
          isTransactional: body.isTransactional,
        })
      } else {
        const blank = body.editorType === 'SYSTEM_DRAGGABLE' ? layoutById('blank')! : layoutById('plain-html')!
        t = await createTemplate(companyId, {
          name: body.name,
          editorType: body.editorType,
          isTransactional: body.isTransactional,
          ...(body.editorType === 'SYSTEM_DRAGGABLE' ? { definition: blank.definition } : { html: blank.html }),
        })
      }
      return Response.json({ template: templateDetail(t) }, { status: 201 })
    }),
})
