import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { ListDetailScreen } from '@/components/lists/list-detail-screen'
import { NotAvailableScreen } from '@/components/shell/not-available-screen'
import { currentPathname } from '@/lib/server/guard-route'
import { matchRoute } from '@/lib/routes/match'

export async function generateMetadata() {
  return { title: (await getTranslations('lists'))('detailTitle') }
}

export default async function ListDetailPage({ params }: { params: Promise<{ listId: string; slug: string }> }) {
  const { listId } = await params
  const { pathname } = await currentPathname()
  // This folder also catches the list's own pages that have no screen yet (/list/{id}/embed,
  // /forms, /suppressed): they get the shared "not available yet" screen, not the members.
  if (matchRoute(pathname)?.route.path !== '/list/:listId/:slug') {
    const t = await getTranslations('areas')
    return (
      <RouteScreen>
        <NotAvailableScreen areaName={t('lists')} path={pathname} />
      </RouteScreen>
    )
  }
  return (
    <RouteScreen>
      <ListDetailScreen listId={listId} />
    </RouteScreen>
  )
}
