// /developer-tools/sample-data-generator: realistic events of one metric for N new profiles over
// the last D days, written through the real ingest (ingestEvents: profiles, metric, consumers
// such as segments and flow triggers), each marked `$sample: true` so reports can tell them
// apart. Limited so one click cannot flood an account.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { ingestEvents } from '@/lib/events/ingest-events'
import type { EventInput } from '@/lib/events/types'
import { PRODUCTS, type Product } from '@/lib/seed/catalog'

export const SAMPLE_LIMITS = { profiles: 100, eventsPerProfile: 50, days: 90, totalEvents: 2_000 } as const
const CHUNK = 500

export const sampleDataBody = z
  .object({
    metricName: z.string().trim().min(1, 'Choose a metric.').max(128),
    profiles: z.number().int().min(1).max(SAMPLE_LIMITS.profiles),
    eventsPerProfile: z.number().int().min(1).max(SAMPLE_LIMITS.eventsPerProfile),
    days: z.number().int().min(1).max(SAMPLE_LIMITS.days),
    confirmed: z.literal(true, { error: 'Confirm that sample events may be added to this account.' }),
  })
  .refine((b) => b.profiles * b.eventsPerProfile <= SAMPLE_LIMITS.totalEvents, {
    path: ['eventsPerProfile'],
    message: `At most ${SAMPLE_LIMITS.totalEvents} events at once: fewer profiles or fewer events each.`,
  })

export type SampleDataRequest = z.infer<typeof sampleDataBody>

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Ethan',
  'Ines',
  'Lucas',
  'Maya',
  'Omar',
  'Sofia',
  'Theo',
  'Yara',
  'Jonas',
  'Elena',
  'Kai',
]
const LAST = [
  'Garcia',
  'Nguyen',
  'Smith',
  'Rossi',
  'Müller',
  'Kowalski',
  'Silva',
  'Haddad',
  'Johansson',
  'Kim',
  'Dubois',
  'Okafor',
]
const PAGES = ['/', '/collections/new-arrivals', '/collections/best-sellers', '/collections/sale', '/pages/about']

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!
const round2 = (n: number) => Math.round(n * 100) / 100

function productProps(p: Product) {
  return {
    ProductID: p.id,
    SKU: p.sku,
    ProductName: p.name,
    Categories: [p.category],
    Brand: p.brand,
    Price: p.price,
    URL: `https://store.example.com/products/${p.slug}`,
  }
}

/** Properties and value that look like the vendor's for the well-known metrics. */
function eventShape(metric: string, runId: string, n: number): { properties: Record<string, unknown>; value?: number } {
  const lower = metric.toLowerCase()
  if (lower.includes('order') || lower.includes('checkout')) {
    const lines = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ({
      p: pick(PRODUCTS),
      q: 1 + Math.floor(Math.random() * 2),
    }))
    const total = round2(lines.reduce((a, l) => a + l.p.price * l.q, 0))
    return {
      value: total,
      properties: {
        OrderId: `${runId}-${n}`,
        ItemNames: lines.map((l) => l.p.name),
        Items: lines.map((l) => ({
          ...productProps(l.p),
          Quantity: l.q,
          ItemPrice: l.p.price,
          RowTotal: round2(l.p.price * l.q),
        })),
      },
    }
  }
  if (lower.includes('product') || lower.includes('cart')) {
    const p = pick(PRODUCTS)
    return { value: p.price, properties: productProps(p) }
  }
  return { properties: { page: pick(PAGES), source: pick(['direct', 'google', 'email', 'instagram']) } }
}

export interface SampleDataResult {
  runId: string
  metricName: string
  profiles: number
  events: number
  from: string
  to: string
}

export async function generateSampleData(
  companyId: number,
  req: Omit<SampleDataRequest, 'confirmed'>,
  now = new Date(),
): Promise<SampleDataResult> {
  const runId = randomBytes(4).toString('hex')
  const span = req.days * 86_400_000
  const inputs: EventInput[] = []
  for (let i = 0; i < req.profiles; i++) {
    const first = pick(FIRST)
    const last = pick(LAST)
    const profile = { email: `sample+${runId}-${i}@example.com`, firstName: first, lastName: last }
    for (let j = 0; j < req.eventsPerProfile; j++) {
      const shape = eventShape(req.metricName, runId, i * req.eventsPerProfile + j)
      inputs.push({
        metric: { name: req.metricName },
        profile,
        properties: { ...shape.properties, $sample: true },
        time: new Date(now.getTime() - Math.floor(Math.random() * span)),
        ...(shape.value !== undefined ? { value: shape.value } : {}),
        // Unique per event, so none is taken for a repeat of another.
        uniqueId: `sample-${runId}-${i}-${j}`,
      })
    }
  }
  let written = 0
  for (let at = 0; at < inputs.length; at += CHUNK) {
    const results = await ingestEvents(companyId, inputs.slice(at, at + CHUNK))
    written += results.filter((r) => !r.duplicate).length
  }
  return {
    runId,
    metricName: req.metricName,
    profiles: req.profiles,
    events: written,
    from: new Date(now.getTime() - span).toISOString(),
    to: now.toISOString(),
  }
}
