import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { FaqEditScreen } from '@/components/inbox-settings/faq-edit-screen'

export async function generateMetadata() {
  return { title: (await getTranslations('inboxSettings'))('faqEditTitle') }
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <RouteScreen>
      <FaqEditScreen id={id} />
    </RouteScreen>
  )
}
