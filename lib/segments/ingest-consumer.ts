// Segment re-evaluation as a consumer of ingested batches (lib/events/batch-consumers.ts,
// registered by lib/server/consumers.ts): after the batch commits, each company's touched
// profiles are re-evaluated against the segments the batch can affect.
import type { BatchConsumer } from '@/lib/events/batch-consumers'
import type { TouchedProfiles } from '@/lib/events/types'
import { reevaluateProfiles } from './reevaluate-profiles'

export function reevaluateTouched(t: TouchedProfiles): Promise<void> {
  return reevaluateProfiles(t.companyId, t.profileIds, {
    metricIds: t.metricIds,
    profileChanged: t.profileChanged,
    created: t.created,
    all: t.mergedInto,
  })
}

export const segmentsBatchConsumer: BatchConsumer = { name: 'segment re-evaluation', afterCommit: reevaluateTouched }
