// The 'Merged Profile' event a profile merge records on the kept profile (unique_id
// 'merge:<fromId>', so a re-run records it once). A profile-merge consumer
// (lib/profiles/merge-consumers.ts) registered by lib/server/consumers.ts.
import { MERGED_PROFILE_METRIC } from '@/lib/profiles/merge-profiles'
import type { ProfileMergeConsumer } from '@/lib/profiles/merge-consumers'
import { getOrCreateMetricOps } from './get-or-create-metric'
import { insertEventOps } from './insert-event'

export const mergedProfileEventConsumer: ProfileMergeConsumer = {
  name: 'merged profile event',
  *merged({ companyId, fromId, intoId, now }) {
    const metric = yield* getOrCreateMetricOps(companyId, MERGED_PROFILE_METRIC, 'api')
    yield* insertEventOps({
      companyId,
      profileId: intoId,
      metricId: metric.id,
      ts: Math.floor(now.getTime() / 1000),
      uniqueId: `merge:${fromId}`,
      properties: JSON.stringify({ merged_profile_id: fromId }),
    })
  },
}
