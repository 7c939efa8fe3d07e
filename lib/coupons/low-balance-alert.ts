// The low-balance alert of a coupon: one account mail (lib/mail, the transactional path for
// account mail) to the company's owners and admins when the unassigned codes fall to the
// coupon's monitor_configuration.low_balance_threshold. The caller claims the crossing first
// (Coupon.lowBalanceAlertedAt), so this runs once per crossing.
import { db } from '@/lib/db/client'
import { getMailer } from '@/lib/mail/mailer'

export async function sendLowBalanceAlert(
  companyId: number,
  coupon: { id: string; externalId: string },
  left: number,
  threshold: number,
): Promise<number> {
  const members = await db.membership.findMany({
    where: { companyId, role: { in: ['owner', 'admin'] } },
    select: { user: { select: { email: true } } },
  })
  const company = await db.company.findUnique({ where: { id: companyId }, select: { name: true } })
  const to = [...new Set(members.map((m) => m.user.email))]
  const subject = `Coupon ${coupon.externalId} is running low: ${left} code${left === 1 ? '' : 's'} left`
  const text = [
    `The coupon ${coupon.externalId} of ${company?.name ?? 'your account'} has ${left} unassigned code${left === 1 ? '' : 's'} left`,
    `(alert threshold: ${threshold}). Messages that print a code of this coupon are skipped once no code is left.`,
    '',
    `Upload more codes: /uploaded-coupon/${coupon.id}/import/file`,
  ].join('\n')
  for (const addr of to) await getMailer().send({ to: addr, subject, text, kind: 'alert', companyId })
  return to.length
}
