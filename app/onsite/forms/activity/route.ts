// POST /onsite/forms/activity?company_id={publicKey} – the onsite script's form activity beacon
// (views, steps, submits, closes). navigator.sendBeacon sends text/plain, so that is accepted as
// JSON too. Answers 202 with what was counted; events naming another company's form are ignored.
import { ApiError } from '@/lib/api/api-error'
import { ApiResult, clientPreflight, clientRoute } from '@/lib/api/api-route'
import { BodyError, parseJsonText, readBodyText } from '@/lib/http/read-body'
import { activityBody, recordFormActivity } from '@/lib/forms/reports/record-activity'

const MAX_BYTES = 64 * 1024
const ACCEPTED_TYPES = ['', 'text/plain', 'application/json', 'application/vnd.api+json']

async function readBeacon(req: Request): Promise<unknown> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!ACCEPTED_TYPES.includes(type))
    throw new ApiError(415, 'unsupported_media_type', 'Send the events as application/json or text/plain JSON.')
  try {
    const text = await readBodyText(req, MAX_BYTES)
    if (!text.trim()) throw new ApiError(400, 'parse_error', 'The request body is empty.')
    return parseJsonText(text)
  } catch (e) {
    if (!(e instanceof BodyError)) throw e
    if (e.kind === 'too_large') throw new ApiError(413, 'payload_too_large', 'The request body is larger than 64 KB.')
    throw new ApiError(400, 'parse_error', 'Malformed request body: it is not valid JSON.')
  }
}

export const POST = clientRoute({
  rate: 'XL',
  handler: async ({ ctx }) => {
    const body = activityBody.parse(await readBeacon(ctx.req))
    const result = await recordFormActivity(ctx.companyId, body)
    return new ApiResult(202, { meta: result })
  },
})

// OPTIONS /onsite/forms/activity – CORS preflight
export const OPTIONS = clientPreflight
