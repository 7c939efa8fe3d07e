// Any method on /client/<a path no endpoint serves> (e.g. /client/reviews before reviews exist):
// the JSON:API 404 a store page's script can read, with the CORS headers every /client answer
// carries, instead of the HTML not-found page. Real endpoints win over this optional catch-all.
import { apiNotFound } from '@/lib/api/api-error'
import { apiErrorResponse } from '@/lib/api/api-error-response'
import { CORS_HEADERS } from '@/lib/api/api-route'

function notFound(req: Request): Response {
  return apiErrorResponse(apiNotFound(`There is no endpoint at ${new URL(req.url).pathname}.`), CORS_HEADERS)
}

export const GET = notFound
export const POST = notFound
export const PUT = notFound
export const PATCH = notFound
export const DELETE = notFound
export const OPTIONS = notFound
