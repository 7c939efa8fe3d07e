// A profile's push tokens for /api/profiles/{id}/push-tokens and its relationship: unregistered
// ones included (the vendor lists them with their status), 404 for another company's profile.
// Here, not in lib/api/profiles/profile-relations.ts, so the /api layer never imports
// lib/messaging (which builds on it: issue 30, the folder import cycle).
import { db } from '@/lib/db/client'
import { requireProfile } from '@/lib/api/profiles/profile-relations'
import { toPushTokenRow, type PushTokenRow } from './push-tokens'

export async function profilePushTokens(companyId: number, profileId: string): Promise<PushTokenRow[]> {
  await requireProfile(companyId, profileId)
  const rows = await db.pushToken.findMany({ where: { companyId, profileId }, orderBy: { id: 'asc' } })
  return rows.map((r) => toPushTokenRow(r as unknown as Record<string, unknown>))
}
