// Integer ids from a URL (issue 29, finding 14). Rows with an Int id are int4 on PostgreSQL, so
// a path id past 2^31-1 (or past 2^53, where Number() even loses digits) made the database throw
// and the route answer 500. A path id is a positive decimal integer within int4 or it names
// nothing: the wrappers' intParams answer 404 for anything else before a handler runs.
export const INT_ID_MAX = 2_147_483_647

/** The id as a number, or null when it is not a positive integer within the Int columns' range. */
export function parseIntId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const n = Number(raw)
  return n <= INT_ID_MAX ? n : null
}

/** The route params named in `names` that are not integer ids (empty when all are). */
export function badIntParams(params: Record<string, string>, names: readonly string[] | undefined): string[] {
  return (names ?? []).filter((n) => parseIntId(params[n]) === null)
}
