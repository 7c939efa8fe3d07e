// The wizard's sender-info step: the default From name and address of the account's email. An
// address whose domain is not a verified sending domain of the account would be sent unsigned
// (and land in spam), so the step says what to fix: the domain is added (its DKIM key made) and
// the DNS records to publish are mailed to the user; the address is kept only when the user
// chooses to go on before the records are live.
import { db } from '@/lib/db/client'
import { badRequest } from '@/lib/errors/app-error'
import { forgetEmailConfig } from '@/lib/messaging/email-settings/email-config'
import { addSendingDomain, listSendingDomains, type SendingDomainView } from '@/lib/messaging/dkim/sending-domains'
import { sendAccountMail } from '@/lib/auth/auth-mail'
import { appLink } from '@/lib/config/app-url'
import { reportError } from '@/lib/errors/reporter'

export const DOMAINS_PATH = '/settings/account/domains'

// Free mailbox providers publish DMARC policies that send bulk mail "from" their domains to spam
// (or reject it), and nobody but the provider can sign for them: a sender there cannot be fixed.
const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'ymail.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'mail.com',
  'web.de',
  'gmx.net',
  'proton.me',
  'protonmail.com',
  'yandex.ru',
  'yandex.com',
  'zoho.com',
])
// The providers that run one domain per country (yahoo.co.uk, hotmail.fr, outlook.com.br …).
const FREE_MAIL_BY_COUNTRY = /^(yahoo|hotmail|outlook|live|gmx)\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/
const isFreeMail = (domain: string) => FREE_MAIL.has(domain) || FREE_MAIL_BY_COUNTRY.test(domain)

export interface SenderInput {
  fromName: string
  fromEmail: string
  continueUnverified: boolean
}

export interface SenderResult {
  domain: string
  verified: boolean
  /** The verification mail went out on this save (it goes once per domain). */
  verificationMailSent: boolean
}

function recordsText(d: SendingDomainView): string {
  return d.records.map((r) => `${r.type} ${r.name}\n  ${r.value}`).join('\n\n')
}

export async function saveSenderInfo(companyId: number, userId: number, input: SenderInput): Promise<SenderResult> {
  const domain = input.fromEmail.split('@')[1]!.toLowerCase()
  if (isFreeMail(domain))
    throw badRequest('Please correct the highlighted fields.', {
      fromEmail: [`Use an address at your own domain: mail sent from ${domain} by anyone but ${domain} lands in spam.`],
    })
  let domains = await listSendingDomains(companyId)
  let found = domains.find((d) => d.domain === domain)
  let verificationMailSent = false
  if (!found) {
    found = await addSendingDomain(companyId, domain)
    domains = [...domains, found]
    verificationMailSent = await mailRecords(companyId, userId, found)
  }
  if (!found.verified && !input.continueUnverified) {
    throw badRequest('Please correct the highlighted fields.', {
      fromEmail: [
        `${domain} is not verified yet: publish the DNS records we emailed you (also under Settings → Domains), ` +
          'then check again, or continue and verify it later.',
      ],
    })
  }
  await db.emailSettings.upsert({
    where: { companyId },
    create: { companyId, defaultFromName: input.fromName, defaultFromEmail: input.fromEmail },
    update: { defaultFromName: input.fromName, defaultFromEmail: input.fromEmail },
  })
  forgetEmailConfig(companyId)
  return { domain, verified: found.verified, verificationMailSent }
}

async function mailRecords(companyId: number, userId: number, d: SendingDomainView): Promise<boolean> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, locale: true, firstName: true },
  })
  if (!user) return false
  try {
    await sendAccountMail(
      user.email,
      user.locale,
      ['onboarding', 'domainMail'],
      { name: user.firstName || user.email, domain: d.domain, records: recordsText(d), link: appLink(DOMAINS_PATH) },
      { companyId },
    )
    return true
  } catch (error) {
    // The domain and its records are saved and shown under Settings → Domains: a mail server
    // that is down must not stop the wizard.
    reportError({ error, route: 'onboarding.sender-info', requestId: `company-${companyId}` })
    return false
  }
}
