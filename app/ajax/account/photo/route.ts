import { ajax } from '@/lib/http/ajax'
import { badRequest } from '@/lib/errors/app-error'
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, removePhoto, savePhoto } from '@/lib/account/personal-photo'

// POST /ajax/account/photo – uploads my profile photo (multipart field "photo")
export const POST = ajax({
  handler: async ({ ctx }) => {
    const declared = Number(ctx.req.headers.get('content-length') ?? NaN)
    if (Number.isFinite(declared) && declared > PHOTO_MAX_BYTES + 64 * 1024)
      throw badRequest(PHOTO_TOO_LARGE, { photo: [PHOTO_TOO_LARGE] })
    const form = await ctx.req.formData().catch(() => null)
    const file = form?.get('photo')
    return savePhoto(ctx.principal.userId, file instanceof File ? file : null)
  },
})

// DELETE /ajax/account/photo – removes my profile photo
export const DELETE = ajax({
  handler: async ({ ctx }) => {
    await removePhoto(ctx.principal.userId)
    return { photoUrl: null }
  },
})
