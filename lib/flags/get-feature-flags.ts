// The company's feature-flag map (hot settings). Flags default to off unless a row says on;
// DEFAULT_ON lists the flags a new company starts with.
import { db } from '@/lib/db/client'

export const KNOWN_FLAGS = [
  'amp', 'report_builder', 'prestashop_use_tax_incl_price', 'support_ticket_dashboard_enabled',
  'identity_explorer', 'subscriber_growth_report', 'is_reviews_enabled',
] as const

export const DEFAULT_ON: readonly string[] = ['support_ticket_dashboard_enabled', 'identity_explorer', 'subscriber_growth_report']

export async function getFeatureFlags(companyId: number): Promise<Record<string, boolean>> {
  const rows = await db.featureFlag.findMany({ where: { companyId }, select: { name: true, enabled: true } })
  const map: Record<string, boolean> = {}
  for (const f of KNOWN_FLAGS) map[f] = DEFAULT_ON.includes(f)
  for (const r of rows) map[r.name] = r.enabled
  return map
}

export async function isFlagOn(companyId: number, flag: string): Promise<boolean> {
  return (await getFeatureFlags(companyId))[flag] === true
}
