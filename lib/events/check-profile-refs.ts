// Profile ids named in a request body are checked against the company before the request is
// accepted. Events and bulk imports are written later by the worker, which can only drop an
// event or fail a row whose profile id does not exist there: so a request that names a profile
// of another company (or none) is a 400 on that id, and an accepted request is always written.
import { db } from '@/lib/db/client'
import { AppError, type FieldErrors } from '@/lib/errors/app-error'

export const UNKNOWN_PROFILE = 'No profile with this id exists in this account.'

/** The ids of `ids` that are not profiles of the company (one query per 500 ids). */
export async function missingProfileIds(companyId: number, ids: Iterable<string>): Promise<Set<string>> {
  const wanted = [...new Set(ids)]
  const found = new Set<string>()
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db.profile.findMany({
      where: { companyId, id: { in: wanted.slice(i, i + 500) } },
      select: { id: true },
    })
    for (const r of rows) found.add(r.id)
  }
  return new Set(wanted.filter((id) => !found.has(id)))
}

/**
 * Throws a 400 naming every field whose profile id is not a profile of the company.
 * `refs` maps a field path (e.g. "profile.id", "profiles.3.id") to the id given there.
 */
export async function assertProfilesExist(
  companyId: number,
  refs: ReadonlyArray<readonly [field: string, id: string | null | undefined]>,
): Promise<void> {
  const given = refs.filter((r): r is readonly [string, string] => typeof r[1] === 'string' && r[1] !== '')
  if (!given.length) return
  const missing = await missingProfileIds(
    companyId,
    given.map(([, id]) => id),
  )
  if (!missing.size) return
  const errors: FieldErrors = {}
  for (const [field, id] of given) if (missing.has(id)) errors[field] = [UNKNOWN_PROFILE]
  throw new AppError('invalid', 400, UNKNOWN_PROFILE, errors)
}
