// The answer of GET /onsite/js/klaviyo.js?company_id=: the bundle wrapped in a function that
// receives the company's bootstrap (public key, origin to call, settings), so the script needs
// no second request. An unknown or missing key gets a script that only warns in the console
// (200: a store page's console shows why, and a broken tag never breaks the page).
// Cached for five minutes with an ETag: a settings change reaches visitors within that.
import { createHash } from 'node:crypto'
import { apiRequestUrl } from '@/lib/api/request-url'
import { reportError } from '@/lib/errors/reporter'
import { companyIdByPublicKey, onsiteSettingsFor } from './onsite-settings'
import { hubButtonFor } from '@/lib/customer-hub/hub-button'
import { onsiteBundle } from './script-bundle'

const MAX_AGE = 300

// JSON inside a script: nothing in it may end the script or a line.
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

export async function onsiteScriptResponse(req: Request): Promise<Response> {
  const url = apiRequestUrl(req)
  const publicKey = url.searchParams.get('company_id')?.trim() ?? ''
  const companyId = await companyIdByPublicKey(publicKey)
  let body: string
  if (companyId == null) {
    body = `console.warn(${scriptJson(`Onsite script: "${publicKey.slice(0, 100)}" is not a valid company_id (public API key); nothing is tracked.`)});\n`
  } else {
    const boot = {
      companyId: publicKey,
      baseUrl: url.origin,
      settings: await onsiteSettingsFor(companyId),
      ...((await hubButtonFor(companyId)) ? { hubButton: true } : {}),
      ...(url.searchParams.get('preview') === '1' ? { preview: true } : {}),
    }
    let code: string
    try {
      code = await onsiteBundle()
    } catch (error) {
      // No bundle and none could be built: the page loads on without us, and says why.
      reportError({ error, route: '/onsite/js/klaviyo.js' })
      return new Response('console.error("Onsite script: temporarily unavailable.");\n', {
        status: 503,
        headers: {
          'content-type': 'application/javascript; charset=utf-8',
          'cache-control': 'no-store',
          'retry-after': '30',
        },
      })
    }
    body = `(function(KL_BOOT){${code}\n})(${scriptJson(boot)});\n`
  }
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
  const headers = {
    'content-type': 'application/javascript; charset=utf-8',
    'cache-control': `public, max-age=${MAX_AGE}`,
    etag,
    'x-content-type-options': 'nosniff',
  }
  const match = req.headers.get('if-none-match')
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
    return new Response(null, { status: 304, headers })
  return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers })
}
