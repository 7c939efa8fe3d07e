// The segment count and cost of an SMS body before sending (for the message editor): the
// encoding, characters, segments per message, whether it is over the company's limit, and the
// cost per message and for a number of recipients at the company's price per segment.
// Template variables are counted as written; the rendered text of each profile may differ.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { countSegments, type SegmentCount } from './segments'

export const estimateSmsBody = z.object({
  body: z.string().max(10_000, 'Use at most 10,000 characters.'),
  recipients: z.coerce.number().int('Enter a whole number.').min(0).max(100_000_000).default(1),
})
export type EstimateSmsInput = z.infer<typeof estimateSmsBody>

export interface SmsEstimate extends SegmentCount {
  maxSegments: number
  overLimit: boolean
  costPerSegment: number
  currency: string
  costPerMessage: number
  recipients: number
  totalCost: number
}

const round = (n: number) => Math.round(n * 1e6) / 1e6

export async function estimateSms(companyId: number, input: EstimateSmsInput): Promise<SmsEstimate> {
  const row = await db.smsSettings.findUnique({
    where: { companyId },
    select: { costPerSegment: true, currency: true, maxSegments: true },
  })
  const costPerSegment = row?.costPerSegment ?? 0.0079
  const maxSegments = row?.maxSegments ?? 10
  const count = countSegments(input.body)
  const costPerMessage = round(count.segments * costPerSegment)
  return {
    ...count,
    maxSegments,
    overLimit: count.segments > maxSegments,
    costPerSegment,
    currency: row?.currency ?? 'USD',
    costPerMessage,
    recipients: input.recipients,
    totalCost: round(costPerMessage * input.recipients),
  }
}
