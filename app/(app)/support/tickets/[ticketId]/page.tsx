import { notFound } from 'next/navigation'
import { RouteScreen } from '@/components/shell/route-screen'
import { SupportTicketView } from '@/components/support/support-ticket-view'
import { getCurrentPrincipal } from '@/lib/server/current-principal'

export default async function SupportTicketPage({ params }: { params: Promise<{ ticketId: string }> }) {
  const { ticketId } = await params
  const id = Number(ticketId)
  if (!Number.isInteger(id) || id <= 0) notFound()
  const principal = await getCurrentPrincipal()
  return <RouteScreen>{principal && <SupportTicketView ticketId={id} companyId={principal.companyId} />}</RouteScreen>
}
