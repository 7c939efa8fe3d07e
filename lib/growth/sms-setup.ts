// What the SMS get-started wizards need: whether SMS sending is set up (the consent text names
// the sender), the onsite script tag, and the forms that collect phone numbers.
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { onsiteSnippet } from './onsite/install-status'

export async function getSmsSetup(companyId: number) {
  const [company, sms, forms] = await Promise.all([
    db.company.findUnique({ where: { id: companyId }, select: { name: true, publicApiKey: true } }),
    db.smsSettings.findUnique({
      where: { companyId },
      select: { accountSid: true, senderNumber: true, messagingServiceSid: true, helpText: true },
    }),
    db.form.findMany({
      where: { companyId },
      orderBy: { updatedAt: 'desc' },
      take: 100,
      select: { id: true, name: true, status: true, channelType: true, formType: true },
    }),
  ])
  if (!company) throw notFound()
  return {
    companyName: company.name,
    scriptTag: onsiteSnippet(company.publicApiKey),
    smsConfigured: !!(sms?.accountSid && (sms.senderNumber || sms.messagingServiceSid)),
    senderNumber: sms?.senderNumber ?? null,
    helpText: sms?.helpText ?? null,
    forms,
  }
}
