// The profile filters on email suppressions the vendor's schema lists for GET /api/profiles:
// subscriptions.email.marketing.suppression.{reason,timestamp} over the profile's active email
// suppressions, and list_suppressions.*, which never match: suppressions here are per channel,
// not per list (the answers' list_suppressions is always empty).
import type { FilterCondition } from '../filter-parser'
import { dateValue, stringValues } from '../query-params'

const BASE = 'subscriptions.email.marketing'
const DATE_OPS = ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'] as const

export const SUPPRESSION_FILTERS = {
  [`${BASE}.suppression.reason`]: ['equals'],
  [`${BASE}.suppression.timestamp`]: DATE_OPS,
  [`${BASE}.list_suppressions.reason`]: ['equals'],
  [`${BASE}.list_suppressions.timestamp`]: DATE_OPS,
  [`${BASE}.list_suppressions.list_id`]: ['equals'],
} as const

/** The vendor's reasons → ours (lib/profiles/consent.ts maps the other way). */
const REASON: Record<string, string> = {
  UNSUBSCRIBE: 'unsubscribed',
  HARD_BOUNCE: 'bounced',
  SPAM_COMPLAINT: 'spam_complaint',
  USER_SUPPRESSED: 'manual',
}
const PRISMA_OP: Record<string, string> = {
  'greater-than': 'gt',
  'less-than': 'lt',
  'greater-or-equal': 'gte',
  'less-or-equal': 'lte',
}
const NOTHING = { id: { in: [] as string[] } }

/** Prisma conditions on Profile for the suppression filters among the conditions. */
export function suppressionWhere(conditions: FilterCondition[]): Record<string, unknown>[] {
  const and: Record<string, unknown>[] = []
  for (const c of conditions) {
    if (!c.field.startsWith(`${BASE}.`)) continue
    if (c.field.startsWith(`${BASE}.list_suppressions.`)) {
      and.push(NOTHING)
      continue
    }
    const active = { channel: 'email', clearedAt: null }
    if (c.field.endsWith('.reason')) {
      const ours = REASON[stringValues(c.value, c.field)[0]!.toUpperCase()]
      and.push(ours ? { suppressions: { some: { ...active, reason: ours } } } : NOTHING)
    } else {
      and.push({
        suppressions: { some: { ...active, createdAt: { [PRISMA_OP[c.op]!]: dateValue(c.value, c.field) } } },
      })
    }
  }
  return and
}
