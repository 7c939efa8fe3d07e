// The account's one-time consent to run code functions: an owner or admin accepts it on
// /cdp/code/authorize; until then no function runs (the ingest consumer queues nothing and a
// queued run that finds no consent records why it did not run).
import { db } from '@/lib/db/client'
import { forbidden } from '@/lib/errors/app-error'
import { forgetFunctions } from './function-cache'

export const AUTHORIZING_ROLES = ['owner', 'admin'] as const

export interface AuthorizationView {
  accepted: boolean
  acceptedAt: Date | null
  acceptedBy: string | null
}

export async function getAuthorization(companyId: number): Promise<AuthorizationView> {
  const row = await db.codeAuthorization.findUnique({ where: { companyId } })
  if (!row) return { accepted: false, acceptedAt: null, acceptedBy: null }
  const user = await db.user.findUnique({ where: { id: row.acceptedBy }, select: { email: true } })
  return { accepted: true, acceptedAt: row.acceptedAt, acceptedBy: user?.email ?? null }
}

export const canAuthorize = (role: string) => (AUTHORIZING_ROLES as readonly string[]).includes(role)

/** Records the consent (once: accepting again keeps the first). */
export async function acceptAuthorization(companyId: number, userId: number, role: string): Promise<AuthorizationView> {
  if (!canAuthorize(role)) throw forbidden('Only an owner or an admin can authorize code functions for this account.')
  await db.codeAuthorization.upsert({ where: { companyId }, create: { companyId, acceptedBy: userId }, update: {} })
  forgetFunctions()
  return getAuthorization(companyId)
}
