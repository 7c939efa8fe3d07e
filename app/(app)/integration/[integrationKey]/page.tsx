import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import { RouteScreen } from '@/components/shell/route-screen'
import { IntegrationPanelFor } from '@/components/integrations/panels'

const KEYS = new Set(['shopify', 'woocommerce'])

export async function generateMetadata({ params }: { params: Promise<{ integrationKey: string }> }) {
  const { integrationKey } = await params
  const t = await getTranslations('integrations')
  return { title: t.has(`${integrationKey}.title`) ? t(`${integrationKey}.title` as 'shopify.title') : integrationKey }
}

export default async function IntegrationPage({ params }: { params: Promise<{ integrationKey: string }> }) {
  const { integrationKey } = await params
  if (!KEYS.has(integrationKey)) notFound()
  return (
    <RouteScreen>
      <IntegrationPanelFor integrationKey={integrationKey} />
    </RouteScreen>
  )
}
