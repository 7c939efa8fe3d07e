import { hubCompany } from '@/lib/customer-hub/hub-route'
import { hubPage } from '@/lib/customer-hub/hub-page'
import { getHubSettings } from '@/lib/customer-hub/hub-settings'

export const dynamic = 'force-dynamic'
type Ctx = { params: Promise<{ publicKey: string }> }

// GET /hub/{publicKey} – the store's customer hub page (sign-in by code, orders, returns, FAQ, support)
export const GET = async (req: Request, { params }: Ctx) => {
  const company = await hubCompany((await params).publicKey)
  if (!company) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })
  return hubPage(req, company, await getHubSettings(company.id))
}
