// Applying an A/B winner (automatic, manual or fallback): the decision is written into
// Campaign.abTest and the waiting rest of the audience becomes pending with the winner's
// variation, in one transaction, with the release job booked.
import { sql } from 'kysely'
import { kysely } from '@/lib/db/kysely'
import { exec, type Ops } from '@/lib/db/ops'
import type { AbTestState, CampaignRow } from './model'
import { bookReleaseOps } from './release'

export interface Decision {
  decidedBy: 'automatic' | 'manual' | 'fallback'
  testName?: string
  confidenceReached?: number | null
  significant?: boolean
  note?: string
  stats?: unknown
}

export function* applyWinnerOps(c: CampaignRow, variationId: string, d: Decision, now: Date): Ops<{ status: string }> {
  const ab: AbTestState = {
    ...(c.abTest ?? {}),
    winnerVariationId: variationId,
    decidedBy: d.decidedBy,
    decidedAt: now.toISOString(),
    ...(d.testName ? { testName: d.testName } : {}),
    ...(d.confidenceReached !== undefined ? { confidenceReached: d.confidenceReached } : {}),
    ...(d.significant !== undefined ? { significant: d.significant } : {}),
    ...(d.note ? { note: d.note } : {}),
    ...(d.stats ? { stats: d.stats } : {}),
  }
  const status = c.status === 'Variations Sent' ? 'Sending' : c.status
  yield* exec(
    kysely()
      .updateTable('Campaign')
      .set({ abTest: JSON.stringify(ab), status, updatedAt: now })
      .where('companyId', '=', c.companyId)
      .where('id', '=', c.id),
  )
  // The rest gets the winner: at its planned time, or now if that has passed.
  yield* exec(
    kysely()
      .updateTable('CampaignRecipient')
      .set({
        status: 'pending',
        variationId,
        sendAt: sql<Date>`case when ${sql.ref('sendAt')} < ${now} then ${now} else ${sql.ref('sendAt')} end`,
      })
      .where('campaignId', '=', c.id)
      .where('companyId', '=', c.companyId)
      .where('status', '=', 'waiting'),
  )
  yield* bookReleaseOps(c.companyId, c.id, now, now)
  return { status }
}
