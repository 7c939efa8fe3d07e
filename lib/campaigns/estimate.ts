// Recipient estimation ('campaigns.estimate'): the audience counted set-based at this moment
// (members of the included lists and segments minus the excluded ones), and how many of them the
// channel's policy would leave out, by reason: no email address / phone number (or push token),
// suppressed, no consent. Exclusion reasons are counted in that order, each profile once;
// 'excluded_groups' counts included members that an excluded list or segment removed.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { exec, inWriteTx, read, selectFirst } from '@/lib/db/ops'
import { campaignOrThrowOps } from './send/model'

export interface EstimateResult {
  count: number
  exclusions: Record<string, number>
}

export async function estimateAudience(companyId: number, campaignId: string): Promise<EstimateResult> {
  const c = await read(campaignOrThrowOps(companyId, campaignId))
  const { included, excluded } = c.audiences
  if (!included.length) return { count: 0, exclusions: {} }
  const channel = c.channel === 'mobile_push' ? 'push' : c.channel === 'sms' ? 'sms' : 'email'
  const ref = sql.ref
  // The audience driven from the memberships (index groupId, leftAt), each profile once; each
  // condition computed once per profile in the inner query, summed outside.
  const hasAddress =
    channel === 'email'
      ? sql`(p.${ref('email')} is not null and p.${ref('email')} <> '')`
      : channel === 'sms'
        ? sql`(p.${ref('phoneNumber')} is not null and p.${ref('phoneNumber')} <> '')`
        : sql`(1 = 1)`
  // Each exclusion as "p.id in (a set)": computed once per query (SQLite materialises the set,
  // PostgreSQL hashes it); a correlated EXISTS per profile let SQLite pick a (company, channel)
  // index and scan the whole suppression list for every profile.
  const exFlag = excluded.length
    ? sql`case when p.${ref('id')} in (select gx.${ref('profileId')} from ${sql.table('GroupMembership')} gx where gx.${ref('groupId')} in (${sql.join(excluded)}) and gx.${ref('companyId')} = ${companyId} and gx.${ref('leftAt')} is null) then 1 else 0 end`
    : sql`0`
  const suFlag = sql`case when p.${ref('id')} in (select su.${ref('profileId')} from ${sql.table('Suppression')} su where su.${ref('companyId')} = ${companyId} and su.${ref('channel')} = ${channel} and su.${ref('clearedAt')} is null) then 1 else 0 end`
  // Email: anyone not unsubscribed may get marketing email; SMS and push need an explicit subscription.
  const consentSet = (status: string) =>
    sql`(select pc.${ref('profileId')} from ${sql.table('ProfileConsent')} pc where pc.${ref('companyId')} = ${companyId} and pc.${ref('channel')} = ${channel} and pc.${ref('status')} = ${status})`
  const ncFlag =
    channel === 'email'
      ? sql`case when p.${ref('id')} in ${consentSet('unsubscribed')} then 1 else 0 end`
      : sql`case when p.${ref('id')} in ${consentSet('subscribed')} then 0 else 1 end`
  const noAddressReason = channel === 'email' ? 'no_email' : channel === 'sms' ? 'no_phone_number' : 'no_push_token'
  const q = sql<{
    members: number
    excluded_groups: number
    no_address: number
    suppressed: number
    no_consent: number
  }>`
    select count(*) as ${ref('members')},
      sum(t.ex) as ${ref('excluded_groups')},
      sum(case when t.ex = 1 then 0 when t.addr = 0 then 1 else 0 end) as ${ref('no_address')},
      sum(case when t.ex = 1 or t.addr = 0 then 0 when t.su = 1 then 1 else 0 end) as ${ref('suppressed')},
      sum(case when t.ex = 1 or t.addr = 0 or t.su = 1 then 0 when t.nc = 1 then 1 else 0 end) as ${ref('no_consent')}
    from (
      select ${exFlag} as ex, case when ${hasAddress} then 1 else 0 end as addr, ${suFlag} as su, ${ncFlag} as nc
      from (select distinct gm.${ref('profileId')} as pid from ${sql.table('GroupMembership')} gm
            where gm.${ref('groupId')} in (${sql.join(included)}) and gm.${ref('companyId')} = ${companyId} and gm.${ref('leftAt')} is null) m
      join ${sql.table('Profile')} p on p.${ref('id')} = m.pid and p.${ref('companyId')} = ${companyId}
    ) t`
  const full = await read(selectFirst(q.compile(kysely())))
  const n = (v: unknown) => Number(v ?? 0) || 0
  const members = n(full?.members)
  const exclusions: Record<string, number> = {
    excluded_groups: n(full?.excluded_groups),
    [noAddressReason]: n(full?.no_address),
    suppressed: n(full?.suppressed),
    no_consent: n(full?.no_consent),
  }
  const count = members - Object.values(exclusions).reduce((s, v) => s + v, 0)
  return { count, exclusions }
}

/** The job: compute and store (a newer request, which reset the row to queued, wins). */
export async function runEstimation(
  companyId: number,
  campaignId: string,
  requestedAt: string | undefined,
  now: Date,
): Promise<void> {
  const claimed = await inWriteTx(function* () {
    return yield* exec(
      kysely()
        .updateTable('CampaignEstimation')
        .set({ status: 'processing' })
        .where('companyId', '=', companyId)
        .where('campaignId', '=', campaignId)
        .where('status', 'in', ['queued', 'processing']),
    )
  })
  if (!claimed) return
  const r = await estimateAudience(companyId, campaignId)
  await inWriteTx(function* () {
    let q = kysely()
      .updateTable('CampaignEstimation')
      .set({ status: 'complete', count: r.count, exclusions: JSON.stringify(r.exclusions), completedAt: now })
      .where('companyId', '=', companyId)
      .where('campaignId', '=', campaignId)
    if (requestedAt) q = q.where('createdAt', '=', new Date(requestedAt))
    yield* exec(q)
  })
}
