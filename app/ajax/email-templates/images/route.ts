import { ajax, z } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { imageInfo, listImagesForEditor, storeImage } from '@/lib/templates/store/image-store'
import { MAX_IMAGE_BYTES } from '@/lib/templates/store/image-sniff'
import { fileField, readMultipart } from '@/lib/http/read-multipart'

// GET /ajax/email-templates/images – the image library of the editor (not hidden), newest first
export const GET = ajax({
  resources: ['templates_read'],
  query: z.object({ search: z.string().trim().max(255).optional(), page: z.coerce.number().int().min(1).default(1) }),
  handler: ({ ctx, query }) =>
    listImagesForEditor(ctx.principal.companyId, { search: query.search, page: query.page, pageSize: 50 }),
})

// POST /ajax/email-templates/images – uploads an image (multipart `file`: PNG, JPEG, GIF or WebP up to 5 MB)
export const POST = ajax({
  resources: ['templates_write'],
  status: 201,
  handler: async ({ ctx }) => {
    const form = await readMultipart(ctx.req, MAX_IMAGE_BYTES + 256 * 1024)
    const file = await fileField(form, 'file')
    if (!file) throw badRequest('Choose an image to upload.', { file: ['Choose an image to upload.'] })
    const name = form.get('name')
    const img = await storeImage(ctx.principal.companyId, file.bytes, {
      name: typeof name === 'string' && name.trim() ? name : file.name,
    })
    return { image: imageInfo(img) }
  },
})
