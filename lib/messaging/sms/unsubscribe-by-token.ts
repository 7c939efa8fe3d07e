// The public /sms/unsubscribe page: the signed token names the company and profile; the
// unsubscribe is a consent change (method LINK, source sms_unsubscribe_page) with the
// 'unsubscribed' suppression and one Unsubscribed from SMS event, all in one transaction.
import { inWriteTx, read, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { badRequest } from '@/lib/errors/app-error'
import { getConsentStatusOps } from '@/lib/profiles/consent-sync'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { MESSAGE_METRICS, recordMessageEventOps } from '../message-events'
import { keywordConsentOps } from './inbound-consent'
import { verifySmsUnsubscribeToken } from './sms-unsubscribe-token'

export interface SmsUnsubscribeTarget {
  companyName: string
  phoneMasked: string
  unsubscribed: boolean
}

const maskPhone = (p: string | null) => (p ? p.slice(0, 3) + '•'.repeat(Math.max(0, p.length - 5)) + p.slice(-2) : '')

function parse(token: string) {
  const t = verifySmsUnsubscribeToken(token)
  if (!t) throw badRequest('This unsubscribe link is not valid.')
  return t
}

/** What the page shows before the click (null when the link is not valid). */
export async function describeSmsUnsubscribe(token: string): Promise<SmsUnsubscribeTarget | null> {
  const t = verifySmsUnsubscribeToken(token)
  if (!t) return null
  const db = kysely()
  return read(
    (function* () {
      const profile = yield* selectFirst(
        db
          .selectFrom('Profile')
          .select(['phoneNumber'])
          .where('companyId', '=', t.companyId)
          .where('id', '=', t.profileId),
      )
      const company = yield* selectFirst(db.selectFrom('Company').select(['name']).where('id', '=', t.companyId))
      if (!profile || !company) return null
      const status = yield* getConsentStatusOps(t.companyId, t.profileId, 'sms_marketing')
      return {
        companyName: company.name,
        phoneMasked: maskPhone(profile.phoneNumber),
        unsubscribed: status === 'unsubscribed',
      }
    })(),
  )
}

export async function unsubscribeSmsByToken(token: string, now = new Date()): Promise<SmsUnsubscribeTarget> {
  const t = parse(token)
  const db = kysely()
  const out = await inWriteTx(function* () {
    const profile = yield* selectFirst(
      db
        .selectFrom('Profile')
        .select(['id', 'phoneNumber'])
        .where('companyId', '=', t.companyId)
        .where('id', '=', t.profileId),
    )
    const company = yield* selectFirst(db.selectFrom('Company').select(['name']).where('id', '=', t.companyId))
    if (!profile || !company) return null
    const before = yield* getConsentStatusOps(t.companyId, t.profileId, 'sms_marketing')
    yield* keywordConsentOps(t.companyId, t.profileId, 'sms_marketing', 'stop', 'sms_unsubscribe_page', now, 'LINK')
    if (before !== 'unsubscribed') {
      yield* recordMessageEventOps({
        companyId: t.companyId,
        profileId: t.profileId,
        metric: MESSAGE_METRICS.sms.unsubscribed,
        sendId: null,
        at: now,
        occurrence: `sms-page:${now.getTime()}`,
        properties: { method: 'LINK', source: 'sms_unsubscribe_page' },
      })
    }
    return { companyName: company.name, phoneMasked: maskPhone(profile.phoneNumber), unsubscribed: true }
  })
  if (!out) throw badRequest('This unsubscribe link is not valid.')
  await reevaluateProfiles(t.companyId, [t.profileId], { profileChanged: true })
  return out
}
