import { ajax } from '@/lib/http/ajax'
import { notFound } from '@/lib/errors/app-error'
import { canSeePhoto, readPhoto } from '@/lib/account/personal-photo'

// GET /ajax/account/photo/{userId}/{version} – a user's profile photo, for that user and members of the same account
export const GET = ajax({
  intParams: ['userId'],
  handler: async ({ ctx, params }) => {
    const id = Number(params.userId)
    const allowed = await canSeePhoto(ctx.principal.userId, ctx.principal.companyId, id)
    const photo = allowed ? await readPhoto(id) : null
    if (!photo) throw notFound()
    return new Response(Buffer.from(photo.bytes), {
      headers: {
        'content-type': photo.type,
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
      },
    })
  },
})
