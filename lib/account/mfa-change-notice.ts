// A change to someone's two-factor sign-in is written to the account's audit trail (with the
// change, in its transaction) and mailed to the user, so a change they did not make is seen.
import { db } from '@/lib/db/client'
import { sendAccountMail } from '@/lib/auth/auth-mail'
import { recordAudit } from './record-audit'

export type MfaChange = 'enabled' | 'replaced' | 'disabled'

const ACTIONS = { enabled: 'user.mfa_enabled', replaced: 'user.mfa_replaced', disabled: 'user.mfa_disabled' } as const

type Tx = Parameters<typeof recordAudit>[0]

export function auditMfaChange(tx: Tx, companyId: number, userId: number, change: MfaChange, ip: string | null) {
  return recordAudit(tx, { companyId, userId, action: ACTIONS[change], details: { ip } })
}

/** Best effort: the change stands even when the mail cannot be queued. */
export async function mailMfaChange(userId: number, change: MfaChange): Promise<void> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, locale: true, firstName: true },
  })
  if (!user) return
  await sendAccountMail(user.email, user.locale, ['mfaMail', change], { name: user.firstName || user.email }).catch(
    (e: unknown) => {
      console.error('mfa change mail failed', { userId, change, error: e instanceof Error ? e.message : String(e) })
    },
  )
}
