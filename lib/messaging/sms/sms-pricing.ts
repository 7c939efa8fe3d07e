// SMS pricing (/settings/sms pricing, issue 25 §2): a rate per segment for each country the
// company sets, the account's cost per segment for every other country, and the price of a
// body to a country as its segments (estimate-sms's count) × that country's rate.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { countSegments, type SegmentCount } from './segments'

const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter country code.')
const rate = z.coerce.number().min(0, 'Enter zero or more.').max(10, 'Enter at most 10.')

export const saveRatesBody = z
  .object({ rates: z.array(z.object({ country, costPerSegment: rate })).max(250) })
  .superRefine((v, ctx) => {
    const seen = new Set<string>()
    v.rates.forEach((r, i) => {
      if (seen.has(r.country))
        ctx.addIssue({ code: 'custom', path: ['rates', i, 'country'], message: 'This country is listed twice.' })
      seen.add(r.country)
    })
  })

export const priceSmsBody = z.object({
  body: z.string().max(10_000, 'Use at most 10,000 characters.'),
  country,
  recipients: z.coerce.number().int('Enter a whole number.').min(0).max(100_000_000).default(1),
})

export interface SmsPricing {
  currency: string
  defaultCostPerSegment: number
  rates: { country: string; costPerSegment: number }[]
}

export async function getSmsPricing(companyId: number): Promise<SmsPricing> {
  const [settings, rates] = await Promise.all([
    db.smsSettings.findUnique({ where: { companyId }, select: { costPerSegment: true, currency: true } }),
    db.smsCountryRate.findMany({
      where: { companyId },
      orderBy: { country: 'asc' },
      select: { country: true, costPerSegment: true },
    }),
  ])
  return {
    currency: settings?.currency ?? 'USD',
    defaultCostPerSegment: settings?.costPerSegment ?? 0.0079,
    rates,
  }
}

export async function saveSmsRates(companyId: number, input: z.infer<typeof saveRatesBody>): Promise<SmsPricing> {
  await db.$transaction(async (tx) => {
    await tx.smsCountryRate.deleteMany({
      where: { companyId, country: { notIn: input.rates.map((r) => r.country) } },
    })
    for (const r of input.rates)
      await tx.smsCountryRate.upsert({
        where: { companyId_country: { companyId, country: r.country } },
        create: { companyId, ...r },
        update: { costPerSegment: r.costPerSegment },
      })
  })
  return getSmsPricing(companyId)
}

const round = (n: number) => Math.round(n * 1e6) / 1e6

export interface SmsPrice extends SegmentCount {
  country: string
  costPerSegment: number
  /** Whether the country has its own rate (else the account's default). */
  countryRate: boolean
  currency: string
  costPerMessage: number
  recipients: number
  totalCost: number
}

export async function priceSms(companyId: number, input: z.infer<typeof priceSmsBody>): Promise<SmsPrice> {
  const pricing = await getSmsPricing(companyId)
  const own = pricing.rates.find((r) => r.country === input.country)
  const costPerSegment = own?.costPerSegment ?? pricing.defaultCostPerSegment
  const count = countSegments(input.body)
  const costPerMessage = round(count.segments * costPerSegment)
  return {
    ...count,
    country: input.country,
    costPerSegment,
    countryRate: !!own,
    currency: pricing.currency,
    costPerMessage,
    recipients: input.recipients,
    totalCost: round(costPerMessage * input.recipients),
  }
}
