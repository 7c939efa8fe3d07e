// The shape of a client route in the registry (seed 001 §2). One list drives proxy.ts,
// the server gate in layouts, the navigation, link checking and the tests.
import type { Resource, StaffResource } from '@/lib/auth/resources'
import type { PartialResources } from '@/lib/auth/permissions'

/** public: anyone; unauthenticated: only signed-out visitors; authenticated: members; staff: provider staff. */
export type Access = 'public' | 'unauthenticated' | 'authenticated' | 'staff'
/** navigation: header and sidebar; header: header only; page: bare page inside the shell; none: no shell. */
export type Layout = 'navigation' | 'header' | 'page' | 'none'

export interface RouteDef {
  /** Pattern: literal segments, ":name" parameters, ":name?" optional trailing parameters. */
  path: string
  /** Product area key: names the area on the "not available yet" and no-access screens (messages: areas.<key>). */
  area: string
  access: Access
  layout: Layout
  required?: readonly Resource[]
  partial?: PartialResources
  staffRequired?: readonly StaffResource[]
  /** Feature flag that must be on for the company; off means not found. */
  flag?: string
  /** false where the support chat must not show (editors). */
  chat?: boolean
  /** Which locale endpoint the shell asks: 'sms' for /sms/unsubscribe and /:x/info. */
  localeSource?: 'default' | 'sms'
  /** True where a real screen exists; others render the shared "not available yet" screen. */
  built?: boolean
}

export interface RouteMatch {
  route: RouteDef
  params: Record<string, string>
}
