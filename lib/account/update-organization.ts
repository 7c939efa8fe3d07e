// Saving the organization: name, website, industry, postal address, currency and the locale
// preferences. The time zone has its own call (company-timezone) because changing it moves
// the account's day boundaries (change-company-timezone.ts).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { countryCodes, currencyCodes, INDUSTRIES, LANGUAGES } from './organization-options'
import { recordAudit } from './record-audit'
import { getOrganization } from './get-organization'

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`)
const country = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => c === '' || countryCodes().includes(c), 'Choose a country from the list.')

export const updateOrganizationBody = z
  .object({
    name: text(200).min(1, 'Enter the company name.'),
    websiteUrl: text(500)
      .refine(
        (v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v),
        'Enter a full address starting with https://.',
      )
      .default(''),
    industry: z
      .string()
      .refine((v) => v === '' || (INDUSTRIES as readonly string[]).includes(v), 'Choose an industry from the list.')
      .default(''),
    address: z
      .object({
        line1: text(200).default(''),
        line2: text(200).default(''),
        city: text(100).default(''),
        region: text(100).default(''),
        postalCode: text(20).default(''),
        country: country.default(''),
      })
      .default({ line1: '', line2: '', city: '', region: '', postalCode: '', country: '' }),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .refine((c) => currencyCodes().includes(c), 'Choose a currency from the list.'),
    localePreferences: z.object({
      language: z.string().refine((l) => LANGUAGES.includes(l), 'Choose a language from the list.'),
      region: z
        .string()
        .trim()
        .toUpperCase()
        .refine((c) => countryCodes().includes(c), 'Choose a region from the list.'),
    }),
  })
  .superRefine((v, ctx) => {
    // An address is all or nothing: a footer with half an address is worse than none.
    const a = v.address
    if (!Object.values(a).some(Boolean)) return
    if (!a.line1) ctx.addIssue({ code: 'custom', path: ['address', 'line1'], message: 'Enter the street address.' })
    if (!a.city) ctx.addIssue({ code: 'custom', path: ['address', 'city'], message: 'Enter the city.' })
    if (!a.country) ctx.addIssue({ code: 'custom', path: ['address', 'country'], message: 'Choose the country.' })
  })
export type UpdateOrganizationInput = z.infer<typeof updateOrganizationBody>

export async function updateOrganization(companyId: number, userId: number | null, input: UpdateOrganizationInput) {
  const nullable = (s: string) => (s === '' ? null : s)
  await db.$transaction(async (tx) => {
    await tx.company.update({
      where: { id: companyId },
      data: {
        name: input.name,
        websiteUrl: nullable(input.websiteUrl),
        industry: nullable(input.industry),
        addressLine1: nullable(input.address.line1),
        addressLine2: nullable(input.address.line2),
        city: nullable(input.address.city),
        addressRegion: nullable(input.address.region),
        postalCode: nullable(input.address.postalCode),
        country: nullable(input.address.country),
        currency: input.currency,
        localeLanguage: input.localePreferences.language,
        localeRegion: input.localePreferences.region,
      },
    })
    await recordAudit(tx, { companyId, userId, action: 'company.organization_updated' })
  })
  return getOrganization(companyId)
}
