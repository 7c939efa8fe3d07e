import { db } from '@/lib/db/client'
import { cspNonce, formPreviewPage } from '@/lib/onsite/forms/preview-page'

// GET /onsite/preview?company_id=&device= – the page the form editor frames for its live preview
export async function GET(req: Request): Promise<Response> {
  const url = new URL(req.url)
  const publicKey = url.searchParams.get('company_id')?.trim() ?? ''
  const company =
    publicKey && publicKey.length <= 64
      ? await db.company.findUnique({ where: { publicApiKey: publicKey }, select: { id: true } })
      : null
  if (!company) {
    return Response.json(
      {
        errors: [
          {
            status: 400,
            code: 'invalid',
            title: 'Invalid input.',
            detail: 'The company_id query parameter must be a valid public API key.',
            source: { parameter: 'company_id' },
          },
        ],
      },
      { status: 400 },
    )
  }
  const device = url.searchParams.get('device') === 'mobile' ? 'mobile' : 'desktop'
  const html = formPreviewPage(publicKey, device, cspNonce(req.headers.get('content-security-policy')))
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}
