// A JSON response that also sets cookies (sign-in, switching company, sign-out).
export function jsonWithCookies(body: unknown, setCookies: string[], status = 200): Response {
  const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' })
  for (const c of setCookies) headers.append('set-cookie', c)
  return new Response(JSON.stringify(body), { status, headers })
}
