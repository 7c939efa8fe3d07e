// Demo reviews (issue 24): some of the demo store's buyers reviewed a product of their order a
// few days after it, through the same path a shopper's review takes (submitReview: the verified
// buyer check, the automatic moderation, the Submitted Review event), so the reviews screens,
// the widget, the ratings report and flows on Submitted Review all have a year of data. Ratings
// lean positive as real stores' do; low ones are held for moderation by the default rules.
// Deterministic: the reviewed lines and the words come from a hash of the order line.
import { createHash } from 'node:crypto'
import { db } from '@/lib/db/client'
import { submitReview } from '@/lib/reviews/submit-review'

const DAY = 86_400_000

const TEXTS: Record<number, Array<[string, string]>> = {
  5: [
    ['Love it', 'Exactly as pictured and the quality is great. Already ordered a second one.'],
    ['Perfect gift', 'Bought it for my sister and she has not stopped using it. Fast shipping too.'],
    ['Five stars', 'Well made, fits perfectly, and the packaging was lovely.'],
    ['Better than expected', 'I was unsure from the photos but it is even nicer in person.'],
  ],
  4: [
    ['Very good', 'Nice quality for the price. Delivery took a couple of days longer than promised.'],
    ['Happy with it', 'Does what it should. The colour is a little darker than on the site.'],
    ['Would buy again', 'Solid product, only wish there were more sizes.'],
  ],
  3: [
    ['It is okay', 'Decent, but the material feels thinner than I hoped.'],
    ['Average', 'Works fine. Nothing special for the price.'],
  ],
  2: [['Disappointed', 'The stitching came loose after two weeks. Customer service was helpful though.']],
  1: [['Not as described', 'Arrived damaged and the replacement took three weeks.']],
}

const h = (s: string) => createHash('sha256').update(s).digest().readUInt32BE(0)

function ratingOf(x: number): number {
  const p = x % 100
  return p < 58 ? 5 : p < 82 ? 4 : p < 92 ? 3 : p < 97 ? 2 : 1
}

export async function seedDemoReviews(companyId: number, opts: { seed: string; max?: number; now?: Date }) {
  const now = opts.now ?? new Date()
  const max = opts.max ?? 400
  const metric = await db.metric.findFirst({ where: { companyId, name: 'Ordered Product' }, select: { id: true } })
  if (!metric) return { reviews: 0 }
  const lines = await db.event.findMany({
    where: { companyId, metricId: metric.id, ts: { lt: Math.floor((now.getTime() - 14 * DAY) / 1000) } },
    select: {
      uniqueId: true,
      ts: true,
      properties: true,
      profile: { select: { email: true, firstName: true, lastName: true } },
    },
    orderBy: { id: 'asc' },
  })
  // About one order line in twelve, at most one per order, chosen by a hash of the line.
  const seenOrders = new Set<string>()
  const chosen = lines.filter((l) => {
    if (!l.uniqueId || !l.profile.email || h(`${opts.seed}:${l.uniqueId}`) % 12 !== 0) return false
    const order = l.uniqueId.replace(/[:-][^:-]*$/, '')
    if (seenOrders.has(order)) return false
    seenOrders.add(order)
    return true
  })
  let reviews = 0
  for (const l of chosen.slice(-max)) {
    const props = JSON.parse(l.properties) as { ProductID?: unknown; OrderId?: unknown }
    if (props.ProductID == null || props.OrderId == null) continue
    const x = h(`${opts.seed}:words:${l.uniqueId}`)
    const rating = ratingOf(x)
    const [title, content] = TEXTS[rating]![x % TEXTS[rating]!.length]!
    const author = [l.profile.firstName, l.profile.lastName?.slice(0, 1)].filter(Boolean).join(' ') || 'A customer'
    const at = new Date(l.ts * 1000 + (3 + (x % 9)) * DAY)
    try {
      await submitReview(
        companyId,
        {
          data: {
            type: 'review',
            attributes: {
              review_type: 'review',
              email: l.profile.email!,
              author: author + (l.profile.lastName ? '.' : ''),
              content,
              title,
              rating,
              product: { external_id: String(props.ProductID), integration_key: 'api' },
            },
            relationships: { order: { data: { type: 'order', id: String(props.OrderId) } } },
          },
        },
        { now: at },
      )
      reviews++
    } catch {
      // A product no longer in the catalog, or a line reviewed already: the demo skips it.
    }
  }
  return { reviews }
}
