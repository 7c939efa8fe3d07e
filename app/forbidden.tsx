// The no-access screen (HTTP 403), for paths whose required resources the user lacks.
import { getTranslations } from 'next-intl/server'
import { NoAccessScreen } from '@/components/shell/no-access-screen'
import { currentPathname } from '@/lib/server/guard-route'
import { matchRoute } from '@/lib/routes/match'

export async function generateMetadata() {
  return { title: (await getTranslations('noAccess'))('title') }
}

export default async function Forbidden() {
  const { pathname } = await currentPathname()
  const area = matchRoute(pathname)?.route.area
  const t = await getTranslations('areas')
  const objectName = area && t.has(area) ? t(area) : pathname
  return <NoAccessScreen objectName={objectName} />
}
