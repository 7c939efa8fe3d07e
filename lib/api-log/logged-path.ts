// The path as the request log keeps it (decoded, for reading): the query stays (filters and cursors are what a
// developer debugs), but the value of any parameter that could carry a credential is replaced,
// since the log is readable by every analyst of the account.
const SECRET_PARAM = /key|token|secret|password|passwd|signature|sig$|auth|code|session|credential/i
const MAX_PATH = 2_048

export function loggedPath(rawUrl: string): string {
  const url = new URL(rawUrl)
  const parts: string[] = []
  for (const [name, value] of url.searchParams) {
    parts.push(`${name}=${SECRET_PARAM.test(name) ? '[redacted]' : value}`)
  }
  const path = url.pathname + (parts.length ? `?${parts.join('&')}` : '')
  return path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path
}
