// Every registered route without its own screen yet: the shared, honest "not available yet"
// screen, behind the same gate as a built one. Unregistered paths are not found (404).
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { NotAvailableScreen } from '@/components/shell/not-available-screen'
import { currentPathname, guardRoute } from '@/lib/server/guard-route'

export async function generateMetadata() {
  const { pathname } = await currentPathname()
  const { route } = await guardRoute(pathname)
  const t = await getTranslations('areas')
  return { title: t.has(route.area) ? t(route.area) : route.area }
}

export default async function NotYetBuiltPage() {
  const { pathname } = await currentPathname()
  const { route } = await guardRoute(pathname)
  const t = await getTranslations('areas')
  return (
    <RouteScreen>
      <NotAvailableScreen areaName={t.has(route.area) ? t(route.area) : route.area} path={pathname} />
    </RouteScreen>
  )
}
