import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { SmsGuideScreen } from '@/components/onboarding/sms-guide-screen'
import { findPlaybook } from '@/lib/onboarding/sms-playbooks'

export async function generateMetadata() {
  return { title: (await getTranslations('onboarding'))('smsGuideTitle') }
}

// /sms-guide and /sms-guide/{playbookSlug}; a slug that names no playbook is not found.
export default async function SmsGuidePage({ params }: { params: Promise<{ playbookSlug?: string[] }> }) {
  const slug = (await params).playbookSlug
  if (slug && slug.length > 1) notFound()
  const playbook = slug?.[0] ? findPlaybook(slug[0]) : null
  if (slug?.[0] && !playbook) notFound()
  return (
    <RouteScreen>
      <SmsGuideScreen playbook={playbook} />
    </RouteScreen>
  )
}
