import { db } from '@/lib/db/client'
import { readImageFile } from '@/lib/templates/store/image-store'

// GET /media/images/{id}/{name} – an uploaded template image, public (emails load it without a session), from our own origin
export async function GET(
  _req: Request,
  context: { params: Promise<{ id: string; name: string }> },
): Promise<Response> {
  // the name is cosmetic: a renamed image keeps working in emails already sent
  const { id } = await context.params
  const img = await db.image.findUnique({ where: { id } })
  const bytes = img ? await readImageFile(img) : null
  if (!img || !bytes)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'content-type': img.mime,
      'content-length': String(bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  })
}
