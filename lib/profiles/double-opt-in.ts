// Double opt-in: a subscription to a list whose optInProcess is double_opt_in leaves the email
// consent 'pending' and sends a confirmation mail; confirmDoubleOptIn (called by the link
// handler of a later issue, which verifies the token with verifyDoubleOptInToken) makes the
// consent 'subscribed', clears unsubscribe suppressions and adds the list membership.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { sessionSecret } from '@/lib/auth/secret'
import { inWriteTx } from '@/lib/db/ops'
import { AppError, notFound } from '@/lib/errors/app-error'
import { appLink } from '@/lib/config/app-url'
import { loadMessages } from '@/lib/i18n/load-messages'
import { getMailer } from '@/lib/mail/mailer'
import { reevaluateProfiles } from '@/lib/segments/reevaluate-profiles'
import { clearSuppressionsOps, getConsentStatusOps, setConsentOps } from './consent-sync'
import { addToListOps, getListOps } from './list-membership-sync'
import { findProfileIdOps } from './profile-store'

type Tree = { [k: string]: string | Tree }

export function doubleOptInToken(companyId: number, profileId: string, listId: string): string {
  return createHmac('sha256', sessionSecret())
    .update(`dbl-optin:${companyId}:${profileId}:${listId}`)
    .digest('base64url')
}

export function verifyDoubleOptInToken(companyId: number, profileId: string, listId: string, token: string): boolean {
  const want = Buffer.from(doubleOptInToken(companyId, profileId, listId))
  const got = Buffer.from(token)
  return want.length === got.length && timingSafeEqual(want, got)
}

export async function sendDoubleOptInMail(
  companyId: number,
  companyName: string,
  to: string,
  profileId: string,
  list: { id: string; name: string },
): Promise<void> {
  const link = appLink(
    `/subscriptions/confirm/${companyId}/${encodeURIComponent(profileId)}/${encodeURIComponent(list.id)}/${doubleOptInToken(companyId, profileId, list.id)}`,
  )
  const messages = (await loadMessages('en-US')) as Tree
  const mail = (messages['profilesMail'] as Tree)['doubleOptIn'] as Record<string, string>
  const fill = (s: string) =>
    s.replace(/\{(\w+)\}/g, (m, k: string) => ({ list: list.name, company: companyName, link })[k] ?? m)
  await getMailer().send({ to, subject: fill(mail['subject']!), text: fill(mail['body']!) })
}

/** Confirms a pending double opt-in; idempotent (a second call changes nothing). */
export async function confirmDoubleOptIn(companyId: number, profileId: string, listId: string): Promise<void> {
  await inWriteTx(function* () {
    if (!(yield* findProfileIdOps(companyId, 'id', profileId))) throw notFound('Profile not found.')
    yield* getListOps(companyId, listId)
    const status = yield* getConsentStatusOps(companyId, profileId, 'email_marketing')
    if (status !== 'pending' && status !== 'subscribed')
      throw new AppError('not_pending', 409, 'There is no pending subscription to confirm.')
    if (status === 'pending')
      yield* setConsentOps(companyId, profileId, 'email_marketing', 'subscribed', { method: 'DOUBLE_OPT_IN' })
    yield* clearSuppressionsOps(companyId, profileId, 'email', ['unsubscribed'])
    yield* addToListOps(companyId, listId, [profileId], 'subscription')
  })
  await reevaluateProfiles(companyId, [profileId], { profileChanged: true, listIds: [listId] })
}
