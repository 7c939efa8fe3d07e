// The public /{publicId}/info page an SMS links to ("Info: …/ABC123/info"): who texts, what
// the shopper agreed to, and how to stop or get help — what carriers expect a program's terms to
// say. Only public facts of the company whose public key it is; an unknown key is null (404).
import { db } from '@/lib/db/client'
import { getSmsDisclosure } from './sms-disclosure'

const PUBLIC_ID = /^[A-Za-z0-9]{1,32}$/

export async function getSmsProgramInfo(publicId: string) {
  if (!PUBLIC_ID.test(publicId)) return null
  const company = await db.company.findUnique({
    where: { publicApiKey: publicId },
    select: { id: true, name: true, websiteUrl: true, addressLine1: true, city: true, postalCode: true, country: true },
  })
  if (!company) return null
  const [disclosure, sms] = await Promise.all([
    getSmsDisclosure(company.id),
    db.smsSettings.findUnique({ where: { companyId: company.id }, select: { helpText: true } }),
  ])
  const address = [company.addressLine1, [company.postalCode, company.city].filter(Boolean).join(' '), company.country]
    .filter(Boolean)
    .join(', ')
  return {
    companyName: company.name,
    websiteUrl: company.websiteUrl && /^https?:\/\//.test(company.websiteUrl) ? company.websiteUrl : null,
    address: address || null,
    disclosure: disclosure.text,
    helpText: sms?.helpText ?? null,
  }
}
export type SmsProgramInfo = NonNullable<Awaited<ReturnType<typeof getSmsProgramInfo>>>
