import { clientIp, UNKNOWN_CLIENT } from '@/lib/http/client-ip'
import { reportError } from '@/lib/errors/reporter'
import { verifyOpenToken } from '@/lib/messaging/tracking/tracking-token'
import { recordOpen } from '@/lib/messaging/tracking/record-engagement'
import { pixelResponse } from '@/lib/http/tracking-responses'

type Ctx = { params: Promise<{ token: string }> }

async function handle(req: Request, { params }: Ctx): Promise<Response> {
  const token = verifyOpenToken((await params).token)
  // HEAD is a probe, never a reader: nothing is recorded (see machine-activity.ts).
  if (token && req.method !== 'HEAD') {
    const ip = clientIp(req)
    try {
      await recordOpen(token, {
        method: req.method,
        userAgent: req.headers.get('user-agent'),
        ip: ip === UNKNOWN_CLIENT ? null : ip,
        at: new Date(),
      })
    } catch (error) {
      // The reader still gets the image; the lost open is reported.
      reportError({ error, route: '/t/o/[token]' })
    }
  }
  return pixelResponse(req.method)
}

// GET /t/o/{token} – the open pixel: records Opened Email, always answers a 1×1 GIF (even for a bad token)
export const GET = handle
// HEAD /t/o/{token} – the pixel's headers, nothing recorded
export const HEAD = handle
