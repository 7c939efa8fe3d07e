// GET /api/push-tokens: the company's tokens in id order, cursor pages (20 by default, at most
// 100), filters on profile.id, platform, vendor and enablement_status, include=profile.
import { db } from '@/lib/db/client'
import { decodeCursor, nextLink } from '@/lib/api/cursor'
import { keysetWhere, pageOf } from '@/lib/api/keyset'
import { enumList, filterParam, pageSize, sparseFields, stringValues } from '@/lib/api/query-params'
import { PROFILE_FIELDS, serializeProfile } from '@/lib/api/serialize-profile'
import { PUSH_TOKEN_FIELDS, serializePushToken } from './serialize-push-token'
import { toPushTokenRow } from './push-tokens'

const FILTERS = {
  'profile.id': ['equals', 'any'],
  id: ['equals', 'any'],
  platform: ['equals'],
  vendor: ['equals'],
  enablement_status: ['equals', 'any'],
} as const
const COLUMN: Record<string, string> = {
  'profile.id': 'profileId',
  id: 'id',
  platform: 'platform',
  vendor: 'vendor',
  enablement_status: 'enablementStatus',
}

export async function listPushTokensPage(companyId: number, url: URL) {
  const size = pageSize(url, { def: 20, max: 100 })
  const fields = sparseFields(url, 'push-token', PUSH_TOKEN_FIELDS)
  const include = enumList(url, 'include', ['profile'] as const)
  const and: Record<string, unknown>[] = [{ companyId }]
  for (const c of filterParam(url, FILTERS)) {
    const values = stringValues(c.value, c.field)
    and.push(c.op === 'any' ? { [COLUMN[c.field]!]: { in: values } } : { [COLUMN[c.field]!]: values[0] })
  }
  const after = keysetWhere('id', false, decodeCursor(url.searchParams.get('page[cursor]')))
  if (after) and.push(after)
  const rows = await db.pushToken.findMany({ where: { AND: and }, orderBy: { id: 'asc' }, take: size + 1 })
  const { page, next } = pageOf(rows, size, 'id', (r) => r.id)
  const tokens = page.map((r) => toPushTokenRow(r as unknown as Record<string, unknown>))
  const body: Record<string, unknown> = {
    data: tokens.map((t) => serializePushToken(url, t, fields)),
    links: { self: url.toString(), next: next ? nextLink(url, next) : null, prev: null },
  }
  if (include.includes('profile'))
    body.included = await includedProfiles(
      companyId,
      url,
      tokens.map((t) => t.profileId),
    )
  return body
}

export async function includedProfiles(companyId: number, url: URL, ids: string[]) {
  const unique = [...new Set(ids)]
  if (!unique.length) return []
  const profileFields = sparseFields(url, 'profile', PROFILE_FIELDS)
  const profiles = await db.profile.findMany({ where: { companyId, id: { in: unique } } })
  return profiles.map((p) => serializeProfile(url, p, { fields: profileFields }))
}
