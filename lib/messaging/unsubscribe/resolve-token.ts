// From a recipient token (lib/messaging/unsubscribe-link.ts) to the send, its company and its
// profile. The token names a send; everything the pages change is then scoped by that send's
// companyId and profileId, so a token of one company can never reach another's profile.
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst, type Ops } from '@/lib/db/ops'
import { toDate } from '@/lib/db/dialect'
import { verifyUnsubscribeToken } from '../unsubscribe-link'

/** Links in mail stay valid this long after the send was made; older ones are "expired". */
export const TOKEN_VALID_DAYS = 400

export interface Recipient {
  sendId: string
  companyId: number
  profileId: string
  channel: string
  sourceType: string
  sourceId: string
  subject: string | null
  email: string | null
  /** Without a logo the pages show the name with an initial badge. */
  company: {
    name: string
    websiteUrl: string | null
    logoUrl: string | null
    avatarColor: string
    localeLanguage: string
  }
  profileLocale: string | null
}

export type Resolved = { ok: true; recipient: Recipient } | { ok: false; reason: 'invalid' | 'expired' }

export function* resolveRecipientOps(token: string | null | undefined, now = new Date()): Ops<Resolved> {
  const sendId = token ? verifyUnsubscribeToken(token) : null
  if (!sendId) return { ok: false, reason: 'invalid' }
  const row = yield* selectFirst(
    kysely()
      .selectFrom('Send as s')
      .innerJoin('Company as c', 'c.id', 's.companyId')
      .innerJoin('Profile as p', (j) => j.onRef('p.id', '=', 's.profileId').onRef('p.companyId', '=', 's.companyId'))
      .select([
        's.id',
        's.companyId',
        's.profileId',
        's.channel',
        's.sourceType',
        's.sourceId',
        's.subject',
        's.createdAt',
        'c.name as companyName',
        'c.websiteUrl',
        'c.logoUrl',
        'c.avatarColor',
        'c.localeLanguage',
        'p.email',
        'p.locale',
      ])
      .where('s.id', '=', sendId),
  )
  if (!row) return { ok: false, reason: 'invalid' }
  const created = toDate(row.createdAt)
  if (created && now.getTime() - created.getTime() > TOKEN_VALID_DAYS * 86_400_000)
    return { ok: false, reason: 'expired' }
  return {
    ok: true,
    recipient: {
      sendId: row.id,
      companyId: row.companyId,
      profileId: row.profileId,
      channel: row.channel,
      sourceType: row.sourceType,
      sourceId: row.sourceId,
      subject: row.subject,
      email: row.email,
      company: {
        name: row.companyName,
        websiteUrl: row.websiteUrl,
        logoUrl: row.logoUrl,
        avatarColor: row.avatarColor,
        localeLanguage: row.localeLanguage,
      },
      profileLocale: row.locale,
    },
  }
}

export const resolveRecipient = (token: string | null | undefined, now = new Date()) =>
  read(resolveRecipientOps(token, now))
