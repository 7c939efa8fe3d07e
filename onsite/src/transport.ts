// Every request goes to the origin that served the script, with the company's public key, no
// credentials (the endpoints answer CORS for any origin), keepalive so a call made just before
// navigating away still arrives.
export type Post = (path: string, body?: unknown) => Promise<boolean>

export function makePost(baseUrl: string, companyId: string): Post {
  return async (path, body) => {
    try {
      const res = await fetch(`${baseUrl}${path}?company_id=${encodeURIComponent(companyId)}`, {
        method: 'POST',
        credentials: 'omit',
        keepalive: true,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      })
      return res.ok
    } catch {
      return false
    }
  }
}
