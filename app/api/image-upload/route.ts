import { apiRoute } from '@/lib/api/api-route'
import { invalidPointer } from '@/lib/api/api-error'
import { serializeImage } from '@/lib/templates/store/api-resources'
import { storeImage } from '@/lib/templates/store/image-store'
import { MAX_IMAGE_BYTES } from '@/lib/templates/store/image-sniff'
import { fileField, readMultipart } from '@/lib/http/read-multipart'

// POST /api/image-upload – uploads an image file (multipart: file, name, hidden); PNG, JPEG, GIF or WebP up to 5 MB (201)
export const POST = apiRoute({
  scopes: ['images:write'],
  rate: 'S',
  status: 201,
  pointerFor: (field) => (field === '_' ? '/data' : `/data/attributes/${field}`),
  handler: async ({ ctx }) => {
    const form = await readMultipart(ctx.req, MAX_IMAGE_BYTES + 256 * 1024)
    const file = await fileField(form, 'file')
    if (!file)
      throw invalidPointer('/data/attributes/file', 'file is required: send the image as the multipart field "file".')
    const name = form.get('name')
    const hidden = String(form.get('hidden') ?? '').toLowerCase() === 'true'
    const img = await storeImage(ctx.companyId, file.bytes, {
      name: typeof name === 'string' && name.trim() ? name : file.name,
      hidden,
    })
    const data = serializeImage(ctx.url, img)
    return { data, links: { self: data.links.self } }
  },
})
