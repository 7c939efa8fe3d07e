// Any method on /api/<a path no endpoint serves> – the JSON:API 404 API clients and the SDK
// expect instead of the HTML not-found page. Real endpoints win: Next.js prefers static
// segments and narrower dynamic ones over this optional catch-all.
import { apiNotFound } from '@/lib/api/api-error'
import { apiErrorResponse } from '@/lib/api/api-error-response'

function notFound(req: Request): Response {
  return apiErrorResponse(apiNotFound(`There is no endpoint at ${new URL(req.url).pathname}.`))
}

export const GET = notFound
export const POST = notFound
export const PUT = notFound
export const PATCH = notFound
export const DELETE = notFound
export const OPTIONS = notFound
