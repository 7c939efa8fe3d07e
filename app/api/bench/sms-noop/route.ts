// The baseline of the inbox benchmark (bench/inbox.mts): a bare handler of the same build that
// reads Twilio's form body, checks its X-Twilio-Signature against a fixed auth token and answers
// empty TwiML, so POST /webhooks/sms/inbound is compared with the least any receiver must do.
// Only with BENCH_ROUTES=1 (read per request); otherwise 404 like any unknown path.
import { appLink } from '@/lib/config/app-url'
import { verifyTwilioSignature } from '@/lib/messaging/sms/twilio-signature'

export const dynamic = 'force-dynamic'

const BENCH_SMS_TOKEN = 'bench-sms-token'

// POST /api/bench/sms-noop – 200 when the signature matches, 403 otherwise (BENCH_ROUTES=1), else 404
export async function POST(req: Request): Promise<Response> {
  if (process.env.BENCH_ROUTES !== '1') return new Response(null, { status: 404 })
  const url = new URL(req.url)
  const params = Object.fromEntries(new URLSearchParams(await req.text()))
  const ok = verifyTwilioSignature(
    BENCH_SMS_TOKEN,
    appLink(url.pathname + url.search),
    params,
    req.headers.get('x-twilio-signature'),
  )
  if (!ok) return new Response('Invalid signature.', { status: 403 })
  return new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', {
    status: 200,
    headers: { 'content-type': 'text/xml; charset=utf-8' },
  })
}
