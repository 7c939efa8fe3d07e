// GET /ux-api/flows/{id}?additional-fields[flow]=definition – the app's own JSON:API read of a flow
// (the document of GET /api/flows/{id}, lib/flows/api-documents.ts) under the signed-in session.
// It carries a revision header (seed 002 §9: 2025-01-15): the definition exists from revision
// 2025-01-15 on, so an older revision asking for it gets a 400; the answer echoes the revision.
import { ApiError, apiNotFound } from '@/lib/api/api-error'
import { apiErrorResponse } from '@/lib/api/api-error-response'
import { JSON_API } from '@/lib/api/api-route'
import { enumList, sparseFields } from '@/lib/api/query-params'
import { FLOW_FIELDS, serializeFlow } from '../api-documents'
import { findFlow, getFlowDefinition } from '../store'

export const UX_API_DEFINITION_REVISION = '2025-01-15'
const REVISION = /^(\d{4}-\d{2}-\d{2})(?:\.[A-Za-z0-9_-]+)?$/

export async function uxApiFlow(
  companyId: number,
  url: URL,
  flowId: string,
  revisionHeader: string | null,
): Promise<Response> {
  const revision = revisionHeader?.trim() || UX_API_DEFINITION_REVISION
  const headers = { revision }
  try {
    const m = REVISION.exec(revision)
    if (!m)
      throw new ApiError(400, 'invalid', `"${revision}" is not a valid revision; use the format YYYY-MM-DD[.suffix].`, {
        parameter: 'revision',
      })
    const withDefinition = enumList(url, 'additional-fields[flow]', ['definition'] as const).includes('definition')
    if (withDefinition && m[1]! < UX_API_DEFINITION_REVISION) {
      throw new ApiError(
        400,
        'invalid',
        `additional-fields[flow]=definition needs revision ${UX_API_DEFINITION_REVISION} or later.`,
        { parameter: 'revision' },
      )
    }
    const flow = await findFlow(companyId, flowId)
    if (!flow) throw apiNotFound(`A flow with id ${flowId} was not found.`)
    const fields = sparseFields(url, 'flow', FLOW_FIELDS)
    const data = serializeFlow(url, flow, {
      fields: fields && withDefinition ? new Set([...fields, 'definition']) : fields,
      ...(withDefinition ? { definition: await getFlowDefinition(companyId, flowId) } : {}),
    })
    return new Response(JSON.stringify({ data, links: { self: url.toString() } }), {
      status: 200,
      headers: { 'content-type': JSON_API, ...headers },
    })
  } catch (e) {
    if (e instanceof ApiError) {
      const res = apiErrorResponse(e)
      res.headers.set('revision', revision)
      return res
    }
    throw e
  }
}
