// GET /ajax/ping – liveness probe for start scripts and the browser-test server.
export const dynamic = 'force-dynamic'
export function GET() {
  return Response.json({ ok: true })
}
