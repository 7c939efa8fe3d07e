'use client'
// The provider panels of /integration/{integrationKey}: each provider's screen is its own
// component (components/integrations/{key}/panel.tsx, default export IntegrationPanel), loaded
// only when its key is opened. A provider adds its line here.
import dynamic from 'next/dynamic'
import type { ComponentType } from 'react'

type Panel = ComponentType<{ integrationKey: string }>

export const INTEGRATION_PANELS: Record<string, Panel> = {
  shopify: dynamic(() => import('./shopify/panel')),
  woocommerce: dynamic(() => import('./woocommerce/panel')),
}

export function IntegrationPanelFor({ integrationKey }: { integrationKey: string }) {
  const P = INTEGRATION_PANELS[integrationKey]
  return P ? <P integrationKey={integrationKey} /> : null
}
