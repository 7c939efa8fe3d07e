// Every client route of seed 001 §2 (2.1 to 2.22) as data: the single source for proxy.ts,
// the server gate, the shell's layout choice, the navigation, link checking and the tests.
// Fixed redirects (§2.22) live in redirects.ts and are applied before these are matched.
import type { RouteDef } from './types'
import { AUTH_ROUTES } from './areas/auth'
import { ANALYTICS_ROUTES } from './areas/analytics'
import { ASSET_ROUTES } from './areas/assets'
import { CAMPAIGN_ROUTES } from './areas/campaigns'
import { CATALOG_ROUTES } from './areas/catalog'
import { DATA_PLATFORM_ROUTES } from './areas/data-platform'
import { COMMERCE_ROUTES } from './areas/commerce'
import { FLOW_ROUTES } from './areas/flows'
import { FORM_ROUTES } from './areas/forms'
import { GET_STARTED_ROUTES } from './areas/get-started'
import { AUDIENCE_ROUTES } from './areas/audience'
import { PORTFOLIO_ROUTES } from './areas/portfolio'
import { SETTINGS_ROUTES } from './areas/settings'
import { OTHER_ROUTES } from './areas/other'

export const ROUTES: RouteDef[] = [
  ...AUTH_ROUTES,
  ...ANALYTICS_ROUTES,
  ...ASSET_ROUTES,
  ...CAMPAIGN_ROUTES,
  ...CATALOG_ROUTES,
  ...DATA_PLATFORM_ROUTES,
  ...COMMERCE_ROUTES,
  ...FLOW_ROUTES,
  ...FORM_ROUTES,
  ...GET_STARTED_ROUTES,
  ...AUDIENCE_ROUTES,
  ...PORTFOLIO_ROUTES,
  ...SETTINGS_ROUTES,
  ...OTHER_ROUTES,
]
