import { getTranslations } from 'next-intl/server'
import { NotFoundScreen } from '@/components/shell/not-found-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('notFound'))('title') }
}

export default function NotFound() {
  return <NotFoundScreen />
}
