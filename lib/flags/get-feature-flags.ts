// The company's feature-flag map (hot settings). Flags default to off unless a row says on;
// DEFAULT_ON lists the flags a new company starts with.
//
// Read on every flagged /ajax request, so each process keeps a company's map for at most
// FLAG_CACHE_MS: a change made through another process (another web server, the worker, SQL)
// is seen within that time; one made through setFeatureFlag in this process at once.
import { databaseUrl, db } from '@/lib/db/client'

export const KNOWN_FLAGS = [
  'amp',
  'report_builder',
  'prestashop_use_tax_incl_price',
  'support_ticket_dashboard_enabled',
  'identity_explorer',
  'subscriber_growth_report',
  'is_reviews_enabled',
] as const

export const DEFAULT_ON: readonly string[] = [
  'support_ticket_dashboard_enabled',
  'identity_explorer',
  'subscriber_growth_report',
]

/** How long a process keeps a company's flags before reading them again. */
export const FLAG_CACHE_MS = 2_000

const g = globalThis as unknown as { __flagCache?: Map<string, { at: number; flags: Record<string, boolean> }> }
const cache = (g.__flagCache ??= new Map())
const keyOf = (companyId: number) => `${databaseUrl()}\u0000${companyId}`

export async function getFeatureFlags(companyId: number): Promise<Record<string, boolean>> {
  const key = keyOf(companyId)
  const hit = cache.get(key)
  if (hit && Date.now() - hit.at < FLAG_CACHE_MS) return { ...hit.flags }
  const rows = await db.featureFlag.findMany({ where: { companyId }, select: { name: true, enabled: true } })
  const map: Record<string, boolean> = {}
  for (const f of KNOWN_FLAGS) map[f] = DEFAULT_ON.includes(f)
  for (const r of rows) map[r.name] = r.enabled
  if (cache.size > 10_000) cache.clear()
  cache.set(key, { at: Date.now(), flags: map })
  return { ...map }
}

export async function isFlagOn(companyId: number, flag: string): Promise<boolean> {
  return (await getFeatureFlags(companyId))[flag] === true
}

/** Turns a flag on or off for a company (operators, tests); this process sees it at once. */
export async function setFeatureFlag(companyId: number, name: string, enabled: boolean): Promise<void> {
  await db.featureFlag.upsert({
    where: { companyId_name: { companyId, name } },
    create: { companyId, name, enabled },
    update: { enabled },
  })
  forgetFeatureFlags(companyId)
}

/** Drops this process's copy of a company's flags (or of every company's). */
export function forgetFeatureFlags(companyId?: number): void {
  if (companyId === undefined) cache.clear()
  else cache.delete(keyOf(companyId))
}
