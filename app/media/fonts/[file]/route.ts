import { readCustomFont } from '@/lib/brand/fonts'

// GET /media/fonts/{id}.{ext} – an uploaded custom font, public (emails and webmail load it without
// a session, often from another origin, hence the CORS header browsers require for fonts)
export async function GET(_req: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params
  const id = file.replace(/\.[a-z0-9]+$/i, '')
  const font = await readCustomFont(id)
  if (!font) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  return new Response(new Uint8Array(font.bytes), {
    status: 200,
    headers: {
      'content-type': font.mime,
      'content-length': String(font.bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    },
  })
}
