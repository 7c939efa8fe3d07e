// A segment definition → ONE parameterised SQL predicate over the Profile row `p` (a Kysely raw
// builder: the same definition compiles for SQLite or PostgreSQL, whichever DATABASE_URL names). Callers add
// the company scope (`p.companyId = ?`) and, for live re-evaluation, `p.id IN (…)`.
import {
  assertUnreachable,
  isGroup,
  type Condition,
  type ConditionGroup,
  type ConsentCondition,
  type SegmentDefinition,
} from './definition'
import { sql, join, TRUE, FALSE, type Frag, type NowSeconds } from './sql-fragment'
import { compileLocation, compileProfileProperty } from './compile-profile-property'
import { compileMetric } from './compile-metric'
import { compilePredictive } from './compile-predictive'

export interface CompileOptions {
  /**
   * "Now" in Unix seconds, for "in the last N days" (injectable for tests); 'bound': a slot
   * filled in at run time (bindSlots), so the compiled predicate can be cached.
   */
  now: NowSeconds
  /** The company's IANA time zone: the days of date conditions are its local days (default UTC). */
  timeZone?: string
}

// Email marketing consent is implicit (the vendor's can_receive_email_marketing): a profile with
// an email can receive it unless suppressed or unsubscribed. SMS needs explicit consent.
function compileConsent(c: ConsentCondition): Frag {
  const channel = c.channel === 'email_marketing' ? 'email' : 'sms'
  const suppressed = sql`EXISTS (SELECT 1 FROM "Suppression" s WHERE s."profileId" = p."id" AND s."channel" = ${channel} AND s."clearedAt" IS NULL)`
  const can =
    c.channel === 'email_marketing'
      ? sql`(p."email" IS NOT NULL AND NOT ${suppressed} AND NOT EXISTS (SELECT 1 FROM "ProfileConsent" pc WHERE pc."profileId" = p."id" AND pc."channel" = 'email_marketing' AND pc."status" = 'unsubscribed'))`
      : sql`(p."phoneNumber" IS NOT NULL AND NOT ${suppressed} AND EXISTS (SELECT 1 FROM "ProfileConsent" pc WHERE pc."profileId" = p."id" AND pc."channel" = 'sms_marketing' AND pc."status" = 'subscribed'))`
  return c.operator === 'can_receive' ? can : sql`NOT ${can}`
}

function compileCondition(c: Condition, opts: CompileOptions): Frag {
  switch (c.kind) {
    case 'profile_property':
      return compileProfileProperty(c, opts.now, opts.timeZone)
    case 'metric':
      return compileMetric(c, opts.now, opts.timeZone)
    case 'list_membership': {
      const member = sql`EXISTS (SELECT 1 FROM "GroupMembership" gm WHERE gm."groupId" = ${c.listId} AND gm."profileId" = p."id" AND gm."leftAt" IS NULL)`
      return c.operator === 'in' ? member : sql`NOT ${member}`
    }
    case 'consent':
      return compileConsent(c)
    case 'location':
      return compileLocation(c)
    case 'predictive':
      return compilePredictive(c, opts.now, opts.timeZone)
    default:
      return assertUnreachable(c)
  }
}

function compileGroup(g: ConditionGroup, opts: CompileOptions): Frag {
  if (g.conditions.length === 0) return g.type === 'and' ? TRUE : FALSE
  const parts = g.conditions.map((c) => (isGroup(c) ? compileGroup(c, opts) : compileCondition(c, opts)))
  return sql`(${join(parts, g.type === 'and' ? ' AND ' : ' OR ')})`
}

export function compileDefinition(def: SegmentDefinition, opts: CompileOptions): Frag {
  return compileGroup(def.root, opts)
}
