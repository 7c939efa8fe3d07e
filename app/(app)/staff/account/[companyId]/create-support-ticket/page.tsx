import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { StaffSupportTicketScreen } from '@/components/staff/staff-tool-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('staff'))('tools.supportTicket.title') }
}

// /staff/account/:companyId/create-support-ticket – staff open a support ticket for an account
export default async function StaffCreateSupportTicketPage({ params }: { params: Promise<{ companyId: string }> }) {
  const id = Number((await params).companyId)
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) notFound()
  return (
    <RouteScreen>
      <StaffSupportTicketScreen companyId={id} />
    </RouteScreen>
  )
}
