import { ajax } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { fileField, readMultipart } from '@/lib/http/read-multipart'
import { uploadCustomFont } from '@/lib/brand/fonts'
import { MAX_FONT_BYTES } from '@/lib/brand/font-sniff'

// POST /ajax/asset-library/fonts/custom – uploads a font file (multipart `file` + `family`: WOFF, WOFF2, TTF, OTF up to 2 MB)
export const POST = ajax({
  resources: ['templates_write'],
  status: 201,
  handler: async ({ ctx }) => {
    const form = await readMultipart(ctx.req, MAX_FONT_BYTES * 2)
    const file = await fileField(form, 'file')
    if (!file) throw badRequest('Choose a font file to upload.', { file: ['Choose a font file to upload.'] })
    return { font: await uploadCustomFont(ctx.principal.companyId, file.bytes, form.get('family')) }
  },
})
