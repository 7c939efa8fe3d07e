// A JSON:API error answer outside an endpoint's wrapper: the unknown-path 404 and the proxy's
// 400 for undecodable paths, in the same shape, content type and revision as every endpoint.
import { toJsonApiError, type ApiError } from './api-error'
import { DEFAULT_REVISION, JSON_API } from './api-route'

export function apiErrorResponse(error: ApiError, extraHeaders: Record<string, string> = {}): Response {
  const { status, body } = toJsonApiError(error)
  const headers = new Headers(extraHeaders)
  headers.set('content-type', JSON_API)
  headers.set('revision', DEFAULT_REVISION)
  return new Response(JSON.stringify(body), { status, headers })
}
