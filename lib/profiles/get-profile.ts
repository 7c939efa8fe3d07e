// One profile of a company, or null (callers decide whether that is a 404).
import { db } from '@/lib/db/client'
import type { ProfileRow } from './types'

export async function getProfile(companyId: number, id: string): Promise<ProfileRow | null> {
  return db.profile.findFirst({ where: { companyId, id } })
}
