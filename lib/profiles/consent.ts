// Consent per channel and suppressions. A suppression (unsubscribed, bounced, spam
// complaint, manual) blocks sending on its channel until cleared. Email marketing follows the
// vendor's implicit consent: a profile with an email and no active suppression that has not
// unsubscribed can receive it; SMS marketing needs an explicit 'subscribed'.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'

export type ConsentChannel = 'email_marketing' | 'sms_marketing' | 'sms_transactional' | 'push' | 'whatsapp'
export type ConsentStatus = 'subscribed' | 'unsubscribed' | 'pending' | 'never_subscribed'
export type SuppressionChannel = 'email' | 'sms'
export type SuppressionReason = 'unsubscribed' | 'bounced' | 'spam_complaint' | 'manual'

async function assertProfile(companyId: number, profileId: string) {
  const p = await db.profile.findFirst({ where: { companyId, id: profileId }, select: { id: true } })
  if (!p) throw notFound('Profile not found.')
}

export async function setConsent(
  companyId: number,
  profileId: string,
  channel: ConsentChannel,
  status: ConsentStatus,
  opts: {
    method?: string | null
    source?: string | null
    at?: Date
    /** the caller re-evaluates once at the end */ noReevaluate?: boolean
  } = {},
) {
  await assertProfile(companyId, profileId)
  const data = { status, method: opts.method ?? null, source: opts.source ?? null, consentedAt: opts.at ?? new Date() }
  const row = await db.profileConsent.upsert({
    where: { profileId_channel: { profileId, channel } },
    create: { companyId, profileId, channel, ...data },
    update: data,
  })
  if (!opts.noReevaluate) await reevaluateProfiles(companyId, [profileId], { profileChanged: true })
  return row
}

/** Adds an active suppression (once per reason); an unsubscribe also records the consent. */
export async function suppress(
  companyId: number,
  profileId: string,
  channel: SuppressionChannel,
  reason: SuppressionReason,
) {
  await assertProfile(companyId, profileId)
  const existing = await db.suppression.findFirst({ where: { companyId, profileId, channel, reason, clearedAt: null } })
  const row = existing ?? (await db.suppression.create({ data: { companyId, profileId, channel, reason } }))
  if (reason === 'unsubscribed') {
    await setConsent(companyId, profileId, channel === 'email' ? 'email_marketing' : 'sms_marketing', 'unsubscribed', {
      method: 'SUPPRESSION',
      noReevaluate: true,
    })
  }
  await reevaluateProfiles(companyId, [profileId], { profileChanged: true })
  return row
}

/** Clears active suppressions of a channel (only the given reasons, when given). */
export async function clearSuppressions(
  companyId: number,
  profileId: string,
  channel: SuppressionChannel,
  reasons?: string[],
): Promise<number> {
  const r = await db.suppression.updateMany({
    where: { companyId, profileId, channel, clearedAt: null, ...(reasons ? { reason: { in: reasons } } : {}) },
    data: { clearedAt: new Date() },
  })
  if (r.count) await reevaluateProfiles(companyId, [profileId], { profileChanged: true })
  return r.count
}

export async function canReceive(
  companyId: number,
  profileId: string,
  channel: 'email_marketing' | 'sms_marketing',
): Promise<boolean> {
  const p = await db.profile.findFirst({
    where: { companyId, id: profileId },
    select: {
      email: true,
      phoneNumber: true,
      consents: { where: { channel }, select: { status: true } },
      suppressions: {
        where: { clearedAt: null, channel: channel === 'email_marketing' ? 'email' : 'sms' },
        select: { id: true },
      },
    },
  })
  if (!p) return false
  return decide(channel, p.email, p.phoneNumber, p.consents[0]?.status, p.suppressions.length > 0)
}

function decide(
  channel: string,
  email: string | null,
  phone: string | null,
  status: string | undefined,
  suppressed: boolean,
): boolean {
  if (suppressed) return false
  if (channel === 'email_marketing') return !!email && status !== 'unsubscribed'
  if (channel === 'sms_marketing') return !!phone && status === 'subscribed'
  if (channel === 'sms_transactional') return !!phone && status === 'subscribed'
  return status === 'subscribed'
}

const REASON: Record<string, string> = {
  unsubscribed: 'UNSUBSCRIBE',
  bounced: 'HARD_BOUNCE',
  spam_complaint: 'SPAM_COMPLAINT',
  manual: 'USER_SUPPRESSED',
}
const iso = (d: Date | null | undefined) => (d ? d.toISOString().replace('Z', '+00:00') : null)

/** The vendor's `subscriptions` object per profile (snake_case, as the API returns it). */
export interface VendorSubscriptions {
  email: { marketing: Record<string, unknown> }
  sms: { marketing: Record<string, unknown>; transactional: Record<string, unknown> }
}

export async function getSubscriptions(
  companyId: number,
  profileIds: string[],
): Promise<Map<string, VendorSubscriptions>> {
  const out = new Map<string, VendorSubscriptions>()
  if (!profileIds.length) return out
  const profiles = await db.profile.findMany({
    where: { companyId, id: { in: profileIds } },
    select: {
      id: true,
      email: true,
      phoneNumber: true,
      consents: true,
      suppressions: { where: { clearedAt: null }, orderBy: { createdAt: 'asc' } },
    },
  })
  for (const p of profiles) {
    const consent = (ch: string) => p.consents.find((c) => c.channel === ch)
    const sup = (ch: string) => p.suppressions.filter((s) => s.channel === ch)
    const block = (ch: ConsentChannel, supCh: string) => {
      const c = consent(ch)
      return {
        consent: (c?.status ?? 'never_subscribed').toUpperCase(),
        consent_timestamp: iso(c?.consentedAt),
        last_updated: iso(c?.updatedAt),
        method: c?.method ?? null,
        method_detail: '',
        can: decide(ch, p.email, p.phoneNumber, c?.status, sup(supCh).length > 0),
        source: c?.source ?? null,
        status: c?.status,
      }
    }
    const em = block('email_marketing', 'email')
    const sm = block('sms_marketing', 'sms')
    const st = block('sms_transactional', 'sms')
    out.set(p.id, {
      email: {
        marketing: {
          can_receive_email_marketing: em.can,
          consent: em.consent,
          consent_timestamp: em.consent_timestamp,
          last_updated: em.last_updated,
          method: em.method,
          method_detail: em.method_detail,
          custom_method_detail: em.source,
          double_optin: em.status === 'pending' || em.method === 'DOUBLE_OPT_IN' ? true : null,
          suppression: sup('email').map((s) => ({
            reason: REASON[s.reason] ?? 'USER_SUPPRESSED',
            timestamp: iso(s.createdAt),
          })),
          list_suppressions: [],
        },
      },
      sms: {
        marketing: {
          can_receive_sms_marketing: sm.can,
          consent: sm.consent,
          consent_timestamp: sm.consent_timestamp,
          method: sm.method,
          method_detail: sm.method_detail,
          last_updated: sm.last_updated,
        },
        transactional: {
          can_receive_sms_transactional: st.can,
          consent: st.consent,
          consent_timestamp: st.consent_timestamp,
          method: st.method,
          method_detail: st.method_detail,
          last_updated: st.last_updated,
        },
      },
    })
  }
  return out
}
