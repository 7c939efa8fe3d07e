// The 80 % and 100 % usage mails (issue 26 §1): to the billing email (email/update), else to the
// account's owners. The UsageWarning row written with the job makes each one go once a period.
import { db } from '@/lib/db/client'
import { sendAccountMail } from '@/lib/auth/auth-mail'
import { appLink } from '@/lib/config/app-url'
import type { UsageWarningPayload } from './plan-gate'

export async function sendUsageWarning(p: UsageWarningPayload): Promise<void> {
  const company = await db.company.findUnique({
    where: { id: p.companyId },
    select: { name: true, localeLanguage: true },
  })
  if (!company) return
  const sub = await db.companySubscription.findUnique({
    where: { companyId: p.companyId },
    select: { billingEmail: true },
  })
  const to = sub?.billingEmail
    ? [sub.billingEmail]
    : (
        await db.membership.findMany({
          where: { companyId: p.companyId, role: 'owner' },
          select: { user: { select: { email: true } } },
        })
      ).map((m) => m.user.email)
  const template = ['billing', 'mail', p.threshold >= 100 ? 'limitReached' : 'limitNear']
  for (const address of to)
    await sendAccountMail(
      address,
      company.localeLanguage,
      template,
      {
        company: company.name,
        channel: p.channel === 'sms' ? 'SMS' : 'email',
        used: p.used.toLocaleString('en-US'),
        limit: p.limit.toLocaleString('en-US'),
        percent: String(p.threshold),
        link: appLink('/settings/billing/account-usage'),
      },
      { companyId: p.companyId },
    )
}
