// Staff decisions about an account that the send policy honours (issue 27 §2): a deliverability
// suspension (every message skipped, visibly, as 'sending_suspended'), SMS restrictions (none at
// all, or only to some country calling codes) and the litigator numbers (the staff's list for
// every account, company 0, and the account's own) that are never texted. Loaded once per claimed
// page; the staff tools that write them live in lib/staff.
import { kysely } from '@/lib/db/kysely'
import { select, selectFirst, type Ops } from '@/lib/db/ops'
import type { Channel } from './types'

export interface AccountRestrictions {
  suspended: boolean
  sms: { blocked: boolean; allowedCountryCodes: string[] } | null
  litigators: Set<string>
}

/** companyId of the litigator list staff keep for every account. */
export const GLOBAL_LITIGATOR_LIST = 0

const parseCodes = (s: string): string[] => {
  try {
    const v = JSON.parse(s) as unknown
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export function* loadAccountRestrictionsOps(
  companyId: number,
  channel: Channel,
  phoneNumbers: string[],
): Ops<AccountRestrictions> {
  const db = kysely()
  const suspension = yield* selectFirst(
    db.selectFrom('SendingSuspension').select('id').where('companyId', '=', companyId).where('liftedAt', 'is', null),
  )
  const texted = channel === 'sms' || channel === 'whatsapp'
  const smsRow =
    channel === 'sms'
      ? yield* selectFirst(
          db.selectFrom('SmsRestriction').select(['blocked', 'allowedCountryCodes']).where('companyId', '=', companyId),
        )
      : undefined
  const litigators =
    texted && phoneNumbers.length
      ? yield* select(
          db
            .selectFrom('LitigatorNumber')
            .select('number')
            .where('companyId', 'in', [GLOBAL_LITIGATOR_LIST, companyId])
            .where('number', 'in', phoneNumbers),
        )
      : []
  return {
    suspended: !!suspension,
    sms: smsRow
      ? { blocked: Boolean(smsRow.blocked), allowedCountryCodes: parseCodes(smsRow.allowedCountryCodes) }
      : null,
    litigators: new Set(litigators.map((r) => r.number)),
  }
}

/**
 * The same staff decisions for an SMS that goes straight to a number without a Send row (the
 * settings page's test message): a reason to refuse it, or null.
 */
export async function directSmsRefusal(
  companyId: number,
  to: string,
): Promise<'sending_suspended' | 'sms_restricted' | 'sms_country_restricted' | 'litigator_number' | null> {
  const db = kysely()
  const [suspended, restriction, litigator] = await Promise.all([
    db
      .selectFrom('SendingSuspension')
      .select('id')
      .where('companyId', '=', companyId)
      .where('liftedAt', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom('SmsRestriction')
      .select(['blocked', 'allowedCountryCodes'])
      .where('companyId', '=', companyId)
      .executeTakeFirst(),
    db
      .selectFrom('LitigatorNumber')
      .select('id')
      .where('companyId', 'in', [GLOBAL_LITIGATOR_LIST, companyId])
      .where('number', '=', to)
      .executeTakeFirst(),
  ])
  if (suspended) return 'sending_suspended'
  if (litigator) return 'litigator_number'
  if (restriction && Boolean(restriction.blocked)) return 'sms_restricted'
  const codes = restriction ? parseCodes(restriction.allowedCountryCodes) : []
  if (codes.length && !codes.some((c) => to.startsWith('+' + c))) return 'sms_country_restricted'
  return null
}
