import { clientIp, UNKNOWN_CLIENT } from '@/lib/http/client-ip'
import { reportError } from '@/lib/errors/reporter'
import { verifyClickToken } from '@/lib/messaging/tracking/tracking-token'
import { recordClick } from '@/lib/messaging/tracking/record-engagement'
import { invalidLinkResponse, redirectResponse } from '@/lib/http/tracking-responses'
import { identifyingDestination } from '@/lib/onsite/link-identification'

type Ctx = { params: Promise<{ token: string }> }

async function handle(req: Request, { params }: Ctx): Promise<Response> {
  const token = verifyClickToken((await params).token)
  if (!token) return invalidLinkResponse(req)
  const ip = clientIp(req)
  let destination = token.url
  try {
    // A HEAD is recorded flagged (head_request), so it never counts as a person's click.
    const recorded = await recordClick(token, {
      method: req.method,
      userAgent: req.headers.get('user-agent'),
      ip: ip === UNKNOWN_CLIENT ? null : ip,
      at: new Date(),
    })
    // Only a real send of a profile identifies (previews and alerts record nothing: null).
    if (recorded) destination = await identifyingDestination(token.companyId, token.sendId, token.url)
  } catch (error) {
    // The reader still reaches the page; the lost click is reported.
    reportError({ error, route: '/t/c/[token]' })
  }
  return redirectResponse(destination)
}

// GET /t/c/{token} – a tracked link: records Clicked Email and redirects (302) to the signed destination only (with _kx on the company's own website)
export const GET = handle
// HEAD /t/c/{token} – link checkers: recorded as machine activity, same answer
export const HEAD = handle
