// Recipient estimation ('campaigns.estimate'): the audience counted set-based at this moment
// (members of the included lists and segments minus the excluded ones), and how many of them the
// channel's policy would leave out, by reason: no email address / phone number (or push token),
// suppressed, no consent. Exclusion reasons are counted in that order, each profile once;
// 'excluded_groups' counts included members that an excluded list or segment removed.
import { sql, type SelectQueryBuilder } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, selectFirst } from '@/lib/db/ops'
import { campaignOrThrowOps } from './send/model'

type Q = SelectQueryBuilder<any, any, any> // eslint-disable-line @typescript-eslint/no-explicit-any

export interface EstimateResult { count: number; exclusions: Record<string, number> }

export async function estimateAudience(companyId: number, campaignId: string): Promise<EstimateResult> {
  const c = await read(campaignOrThrowOps(companyId, campaignId))
  const { included, excluded } = c.audiences
  if (!included.length) return { count: 0, exclusions: {} }
  const db = kysely()
  const channel = c.channel === 'mobile_push' ? 'push' : c.channel === 'sms' ? 'sms' : 'email'
  const inIncluded = (q: Q) => q.where((eb) => eb.exists(eb.selectFrom('GroupMembership as gm').select(sql.lit(1).as('one'))
    .whereRef('gm.profileId', '=', 'p.id').where('gm.companyId', '=', companyId).where('gm.groupId', 'in', included).where('gm.leftAt', 'is', null)))
  const inExcluded = (eb: any) => eb.exists(eb.selectFrom('GroupMembership as gx').select(sql.lit(1).as('one')) // eslint-disable-line @typescript-eslint/no-explicit-any
    .whereRef('gx.profileId', '=', 'p.id').where('gx.companyId', '=', companyId).where('gx.groupId', 'in', excluded.length ? excluded : ['\u0000']).where('gx.leftAt', 'is', null))
  const hasAddress = channel === 'email' ? sql<boolean>`p.${sql.ref('email')} is not null and p.${sql.ref('email')} <> ''`
    : channel === 'sms' ? sql<boolean>`p.${sql.ref('phoneNumber')} is not null and p.${sql.ref('phoneNumber')} <> ''` : sql<boolean>`1 = 1`
  const suppressed = sql<boolean>`exists (select 1 from ${sql.table('Suppression')} su where su.${sql.ref('profileId')} = p.${sql.ref('id')} and su.${sql.ref('companyId')} = ${companyId} and su.${sql.ref('channel')} = ${channel} and su.${sql.ref('clearedAt')} is null)`
  // Email: anyone not unsubscribed may get marketing email; SMS and push need an explicit subscription.
  const noConsent = channel === 'email'
    ? sql<boolean>`exists (select 1 from ${sql.table('ProfileConsent')} pc where pc.${sql.ref('profileId')} = p.${sql.ref('id')} and pc.${sql.ref('channel')} = ${channel} and pc.${sql.ref('status')} = 'unsubscribed')`
    : sql<boolean>`not exists (select 1 from ${sql.table('ProfileConsent')} pc where pc.${sql.ref('profileId')} = p.${sql.ref('id')} and pc.${sql.ref('channel')} = ${channel} and pc.${sql.ref('status')} = 'subscribed')`
  const noAddressReason = channel === 'email' ? 'no_email' : channel === 'sms' ? 'no_phone_number' : 'no_push_token'
  const full = await read(selectFirst((inIncluded(db.selectFrom('Profile as p').where('p.companyId', '=', companyId)) as Q)
    .select((eb) => {
      const ex = excluded.length ? inExcluded(eb) : sql<boolean>`1 = 0`
      return [
        eb.fn.countAll<number>().as('members'),
        sql<number>`sum(case when ${ex} then 1 else 0 end)`.as('excluded_groups'),
        sql<number>`sum(case when ${ex} then 0 when not (${hasAddress}) then 1 else 0 end)`.as('no_address'),
        sql<number>`sum(case when ${ex} then 0 when not (${hasAddress}) then 0 when ${suppressed} then 1 else 0 end)`.as('suppressed'),
        sql<number>`sum(case when ${ex} then 0 when not (${hasAddress}) then 0 when ${suppressed} then 0 when ${noConsent} then 1 else 0 end)`.as('no_consent'),
      ]
    })))
  const n = (v: unknown) => Number(v ?? 0) || 0
  const members = n(full?.members)
  const exclusions: Record<string, number> = {
    excluded_groups: n(full?.excluded_groups), [noAddressReason]: n(full?.no_address), suppressed: n(full?.suppressed), no_consent: n(full?.no_consent),
  }
  const count = members - Object.values(exclusions).reduce((s, v) => s + v, 0)
  return { count, exclusions }
}

/** The job: compute and store (a newer request, which reset the row to queued, wins). */
export async function runEstimation(companyId: number, campaignId: string, requestedAt: string | undefined, now: Date): Promise<void> {
  const claimed = await inWriteTx(function* () {
    return yield* exec(kysely().updateTable('CampaignEstimation').set({ status: 'processing' })
      .where('companyId', '=', companyId).where('campaignId', '=', campaignId).where('status', 'in', ['queued', 'processing']))
  })
  if (!claimed) return
  const r = await estimateAudience(companyId, campaignId)
  await inWriteTx(function* () {
    let q = kysely().updateTable('CampaignEstimation').set({ status: 'complete', count: r.count, exclusions: JSON.stringify(r.exclusions), completedAt: now })
      .where('companyId', '=', companyId).where('campaignId', '=', campaignId)
    if (requestedAt) q = q.where('createdAt', '=', new Date(requestedAt))
    yield* exec(q)
  })
}
