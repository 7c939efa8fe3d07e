// The revision header, answered as the vendor does: every /api call names the revision it was
// written against (the SDKs send their own). Older revisions are served as this one (the shapes
// we serve are a superset of theirs for the families built); a revision newer than this
// server is refused, since we cannot know what the client expects from it.
import { ApiError } from './api-error'

export const SERVED_REVISION = '2026-07-15'
const FORMAT = /^(\d{4})-(\d{2})-(\d{2})(?:\.[A-Za-z0-9_-]+)?$/
/** The vendor's first dated revision; anything before it never existed. */
const FIRST_REVISION = '2022-10-17'

const invalid = (detail: string) => new ApiError(400, 'invalid', detail, { parameter: 'revision' })

function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/**
 * The revision the request asked for, checked. `required` is the /api rule; /client calls come
 * from store pages whose scripts may predate the header, so a missing one means the served one.
 */
export function requestedRevision(req: Request, opts: { required: boolean }): string {
  const raw = req.headers.get('revision')?.trim()
  if (!raw) {
    if (!opts.required) return SERVED_REVISION
    throw invalid(`The revision header is required; send "revision: ${SERVED_REVISION}" (format YYYY-MM-DD[.suffix]).`)
  }
  const m = FORMAT.exec(raw)
  if (!m || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) {
    throw invalid(`"${raw}" is not a valid revision; use the format YYYY-MM-DD[.suffix], e.g. ${SERVED_REVISION}.`)
  }
  const date = raw.slice(0, 10)
  if (date > SERVED_REVISION) {
    throw invalid(
      `Revision ${raw} is newer than the one this server implements (${SERVED_REVISION}); send "revision: ${SERVED_REVISION}".`,
    )
  }
  if (date < FIRST_REVISION)
    throw invalid(
      `Revision ${raw} does not exist; the first revision is ${FIRST_REVISION}, the current one ${SERVED_REVISION}.`,
    )
  return raw
}
