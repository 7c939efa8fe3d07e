// Consent and suppression writes as database work (lib/db/ops.ts), for callers that must do
// them in one transaction with profile upserts and memberships (subscriptions, imports).
import { fromExcluded } from '@/lib/db/dialect'
import { kysely } from '@/lib/db/kysely'
import { exec, selectFirst, type Ops } from '@/lib/db/ops'
import { dbDate } from '@/lib/db/query-template'
import type { ConsentChannel, ConsentStatus, SuppressionChannel } from './consent'

export function* setConsentOps(
  companyId: number,
  profileId: string,
  channel: ConsentChannel,
  status: ConsentStatus,
  opts: { method?: string | null; source?: string | null; at?: Date } = {},
): Ops<number> {
  const now = dbDate()
  return yield* exec(
    kysely()
      .insertInto('ProfileConsent')
      .values({
        companyId,
        profileId,
        channel,
        status,
        method: opts.method ?? null,
        source: opts.source ?? null,
        consentedAt: dbDate(opts.at ?? new Date()) as never,
        updatedAt: now as never,
      })
      .onConflict((oc) =>
        oc
          .columns(['profileId', 'channel'])
          .doUpdateSet(fromExcluded(['status', 'method', 'source', 'consentedAt', 'updatedAt'])),
      ),
  )
}

export function* getConsentStatusOps(
  companyId: number,
  profileId: string,
  channel: ConsentChannel,
): Ops<ConsentStatus | null> {
  const r = yield* selectFirst(
    kysely()
      .selectFrom('ProfileConsent')
      .select('status')
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('channel', '=', channel),
  )
  return (r?.status as ConsentStatus | undefined) ?? null
}

export function* clearSuppressionsOps(
  companyId: number,
  profileId: string,
  channel: SuppressionChannel,
  reasons: string[],
): Ops<number> {
  if (!reasons.length) return 0
  return yield* exec(
    kysely()
      .updateTable('Suppression')
      .set({ clearedAt: dbDate() as never })
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('channel', '=', channel)
      .where('clearedAt', 'is', null)
      .where('reason', 'in', reasons),
  )
}
