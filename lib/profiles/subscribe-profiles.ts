// POST /api/profile-subscription-bulk-create-jobs: up to 1000 profiles are found or created,
// given SUBSCRIBED consent (method 'API', the custom source as its detail), their unsubscribe
// suppressions are cleared (bounces and spam complaints stay), and they join the list with
// source 'subscription'. A list with double opt-in instead leaves the email consent
// 'pending' and mails a confirmation; the membership follows on confirmDoubleOptIn.
// All writes are one transaction: a bad profile refuses the whole request.
import { db } from '@/lib/db/client'
import { inWriteTx } from '@/lib/db/ops'
import { AppError, badRequest, type FieldErrors } from '@/lib/errors/app-error'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { clearSuppressionsOps, getConsentStatusOps, setConsentOps } from './consent-sync'
import { sendDoubleOptInMail } from './double-opt-in'
import { addToListOps, getListOps, type ListRow } from './list-membership-sync'
import type { ProfileInput } from './types'
import { acceptedNow } from './attribute-times'
import { upsertProfileOps } from './upsert-profile'
import { addError, parseProfileInput } from './validate-profile'

export const MAX_SUBSCRIBE_PROFILES = 1000

type Consent = { consent: 'SUBSCRIBED'; consentedAt?: string }
export interface SubscribeInput {
  listId?: string
  customSource?: string
  historicalImport?: boolean
  profiles: Array<
    ProfileInput & {
      id?: string
      subscriptions: {
        email?: { marketing: Consent }
        sms?: { marketing?: Consent; transactional?: { consent: 'SUBSCRIBED' } }
      }
    }
  >
}

function consentDate(c: Consent | undefined, historical: boolean, path: string, errors: FieldErrors): Date {
  if (!c?.consentedAt) return new Date()
  const d = new Date(c.consentedAt)
  if (Number.isNaN(d.getTime())) addError(errors, path, 'Invalid datetime.')
  else if (!historical) addError(errors, path, 'consented_at is only allowed with historical_import.')
  else if (d.getTime() > Date.now()) addError(errors, path, 'consented_at cannot be in the future.')
  return d
}

/** opts.mode 'client' (POST /client/subscriptions): existing identifiers are never changed. */
export async function subscribeProfiles(
  companyId: number,
  input: SubscribeInput,
  opts: { mode?: 'import' | 'client' } = {},
): Promise<void> {
  const acceptedAt = acceptedNow()
  const profiles = input.profiles ?? []
  if (profiles.length > MAX_SUBSCRIBE_PROFILES) {
    throw new AppError('invalid', 400, `At most ${MAX_SUBSCRIBE_PROFILES} profiles per request.`, {
      profiles: [`At most ${MAX_SUBSCRIBE_PROFILES} profiles per request.`],
    })
  }
  if (!profiles.length) throw badRequest('No profiles given.', { profiles: ['At least one profile is required.'] })
  const errors: FieldErrors = {}
  const historical = !!input.historicalImport
  const rows = profiles.map((p, i) => {
    const prefix = `profiles.${i}`
    const { subscriptions, id, ...rest } = p
    const clean = parseProfileInput(rest, prefix, errors)
    const subs = subscriptions ?? {}
    const email = subs.email?.marketing
    const sms = subs.sms?.marketing
    const smsTx = subs.sms?.transactional
    if (!email && !sms && !smsTx) addError(errors, `${prefix}.subscriptions`, 'Give at least one subscription.')
    for (const [c, path] of [
      [email, 'email.marketing'],
      [sms, 'sms.marketing'],
      [smsTx, 'sms.transactional'],
    ] as const) {
      if (c && c.consent !== 'SUBSCRIBED')
        addError(errors, `${prefix}.subscriptions.${path}.consent`, 'Must be SUBSCRIBED.')
    }
    if (email && !clean.email && !id)
      addError(errors, `${prefix}.email`, 'An email is required for an email subscription.')
    if ((sms || smsTx) && !clean.phoneNumber && !id)
      addError(errors, `${prefix}.phone_number`, 'A phone number is required for an SMS subscription.')
    const emailAt = consentDate(email, historical, `${prefix}.subscriptions.email.marketing.consented_at`, errors)
    const smsAt = consentDate(sms, historical, `${prefix}.subscriptions.sms.marketing.consented_at`, errors)
    return { id, clean, email, sms, smsTx, emailAt, smsAt }
  })
  if (Object.keys(errors).length) throw new AppError('invalid', 400, 'Invalid subscription request.', errors)

  const source = input.customSource ?? null
  const pendingMails: Array<{ to: string; profileId: string }> = []
  let list: ListRow | null = null
  const ids = await inWriteTx(function* () {
    pendingMails.length = 0
    list = input.listId ? yield* getListOps(companyId, input.listId) : null
    const doubleOptIn = !!list && list.optInProcess === 'double_opt_in' && !historical
    const out: string[] = []
    const joining: string[] = []
    for (const r of rows) {
      const { raw } = yield* upsertProfileOps(companyId, r.clean, {
        mode: opts.mode === 'client' ? 'client' : 'import',
        id: r.id,
        acceptedAt,
      })
      const pid = raw.id
      out.push(pid)
      let joins = false
      if (r.email) {
        const already = (yield* getConsentStatusOps(companyId, pid, 'email_marketing')) === 'subscribed'
        if (doubleOptIn && !already) {
          yield* setConsentOps(companyId, pid, 'email_marketing', 'pending', { method: 'API', source })
          if (raw.email) pendingMails.push({ to: raw.email as string, profileId: pid })
        } else {
          yield* setConsentOps(companyId, pid, 'email_marketing', 'subscribed', {
            method: 'API',
            source,
            at: r.emailAt,
          })
          yield* clearSuppressionsOps(companyId, pid, 'email', ['unsubscribed'])
          joins = true
        }
      }
      if (r.sms) {
        yield* setConsentOps(companyId, pid, 'sms_marketing', 'subscribed', { method: 'API', source, at: r.smsAt })
        yield* clearSuppressionsOps(companyId, pid, 'sms', ['unsubscribed'])
        joins = true
      }
      if (r.smsTx) yield* setConsentOps(companyId, pid, 'sms_transactional', 'subscribed', { method: 'API', source })
      if (joins) joining.push(pid)
    }
    // One membership write for all (the same time and source for each, as one by one).
    if (list && joining.length) yield* addToListOps(companyId, list.id, joining, 'subscription')
    return out
  })

  if (pendingMails.length && list) {
    const company = await db.company.findUnique({ where: { id: companyId }, select: { name: true } })
    for (const m of pendingMails) await sendDoubleOptInMail(companyId, company?.name ?? '', m.to, m.profileId, list)
  }
  // Some of these may be new profiles: `created` also checks segments a blank profile can match.
  await reevaluateProfiles(companyId, [...new Set(ids)], {
    profileChanged: true,
    created: true,
    ...(input.listId ? { listIds: [input.listId] } : {}),
  })
}
