// List and segment targeting, evaluated on the server: the visitor (by anonymous id, email or
// phone within the company) is looked up once, and each form gets one boolean, whether its
// lists_and_segments trigger passes. The page never learns which lists someone is in.
import { db } from '@/lib/db/client'
import type { FormAudience, LiveForm } from './types'

export interface VisitorKeys {
  anonymousId?: string
  email?: string
  phoneNumber?: string
}

interface ListRule {
  allow: string[]
  deny: string[]
}

function listRule(definition: Record<string, unknown>): ListRule | null {
  const triggers = Array.isArray(definition.triggers) ? definition.triggers : []
  for (const t of triggers as Array<{ type?: unknown; properties?: { allow_list?: unknown; deny_list?: unknown } }>) {
    if (t?.type !== 'lists_and_segments') continue
    const ids = (v: unknown) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 100) : []
    return { allow: ids(t.properties?.allow_list), deny: ids(t.properties?.deny_list) }
  }
  return null
}

async function findProfileId(companyId: number, keys: VisitorKeys): Promise<string | null> {
  const or = [
    keys.anonymousId ? { anonymousId: keys.anonymousId } : null,
    keys.email ? { email: keys.email.trim().toLowerCase() } : null,
    keys.phoneNumber ? { phoneNumber: keys.phoneNumber.trim() } : null,
  ].filter((x): x is NonNullable<typeof x> => x !== null)
  if (or.length === 0) return null
  const p = await db.profile.findFirst({ where: { companyId, OR: or }, select: { id: true } })
  return p?.id ?? null
}

/** Adds `audience` to every form (and variation) that has a lists_and_segments trigger. */
export async function addVisitorAudience(companyId: number, forms: LiveForm[], keys: VisitorKeys): Promise<LiveForm[]> {
  const targets: Array<{ rule: ListRule; set: (a: FormAudience) => void }> = []
  const copy = forms.map((f) => {
    const form: LiveForm = {
      ...f,
      ...(f.experiment
        ? { experiment: { ...f.experiment, variations: f.experiment.variations.map((v) => ({ ...v })) } }
        : {}),
    }
    const rule = listRule(form.definition)
    if (rule) targets.push({ rule, set: (a) => (form.audience = a) })
    for (const v of form.experiment?.variations ?? []) {
      const r = listRule(v.definition)
      if (r) targets.push({ rule: r, set: (a) => (v.audience = a) })
    }
    return form
  })
  if (targets.length === 0) return copy
  const profileId = await findProfileId(companyId, keys)
  const groupIds = [...new Set(targets.flatMap((t) => [...t.rule.allow, ...t.rule.deny]))]
  const member = new Set<string>()
  if (profileId && groupIds.length) {
    const rows = await db.groupMembership.findMany({
      where: { companyId, profileId, groupId: { in: groupIds }, leftAt: null },
      select: { groupId: true },
    })
    for (const r of rows) member.add(r.groupId)
  }
  for (const t of targets) {
    const allowed = t.rule.allow.length === 0 || t.rule.allow.some((g) => member.has(g))
    t.set({ lists_and_segments: allowed && !t.rule.deny.some((g) => member.has(g)) })
  }
  return copy
}
