// The billing address and the billing company information (seed 002 §7.11), one row per
// company: the address can be deleted on its own (its fields emptied) while the company name and
// tax id stay for the next invoice.
import { z } from 'zod'
import { db } from '@/lib/db/client'

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`)
const optional = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))

export const billingAddressBody = z.object({
  line1: text(200).min(1, 'Enter the street address.'),
  line2: optional(200),
  city: text(100).min(1, 'Enter the city.'),
  region: optional(100),
  postalCode: optional(20),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Use the two-letter country code (ISO 3166-1), e.g. US or FR.')
    .transform((c) => c.toUpperCase()),
})
export type BillingAddressInput = z.infer<typeof billingAddressBody>

export const companyInformationBody = z.object({
  companyName: optional(200),
  taxId: optional(50),
})
export type CompanyInformationInput = z.infer<typeof companyInformationBody>

const EMPTY = { line1: '', line2: null, city: '', region: null, postalCode: null, country: '' }

export async function getBillingAddress(companyId: number) {
  const r = await db.billingAddress.findUnique({ where: { companyId } })
  if (!r || !r.line1) return { address: null }
  return {
    address: {
      line1: r.line1,
      line2: r.line2,
      city: r.city,
      region: r.region,
      postalCode: r.postalCode,
      country: r.country,
    },
  }
}

export async function saveBillingAddress(companyId: number, a: BillingAddressInput) {
  await db.billingAddress.upsert({ where: { companyId }, create: { companyId, ...a }, update: a })
  return getBillingAddress(companyId)
}

export async function deleteBillingAddress(companyId: number) {
  await db.billingAddress.updateMany({ where: { companyId }, data: EMPTY })
  return { address: null }
}

export async function getCompanyInformation(companyId: number) {
  const r = await db.billingAddress.findUnique({ where: { companyId }, select: { companyName: true, taxId: true } })
  return { companyName: r?.companyName ?? null, taxId: r?.taxId ?? null }
}

export async function saveCompanyInformation(companyId: number, c: CompanyInformationInput) {
  await db.billingAddress.upsert({ where: { companyId }, create: { companyId, ...EMPTY, ...c }, update: c })
  return getCompanyInformation(companyId)
}
