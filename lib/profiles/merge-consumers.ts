// What else a profile merge writes, inside the merge's transaction: the 'Merged Profile' event on
// the kept profile (lib/events/merged-profile-event.ts). A list this module owns and the
// composition root (lib/server/consumers.ts) fills, so lib/profiles never imports lib/events,
// which upserts profiles on ingest (issue 30, the folder import cycle; house style "The way data
// walks"). A start-up that registered nothing makes a merge fail rather than skip the event.
import { consumerList } from '@/lib/config/consumer-list'
import type { Ops } from '@/lib/db/ops'

export interface ProfileMerge {
  companyId: number
  /** The profile merged away (deleted by now). */
  fromId: string
  /** The kept profile. */
  intoId: string
  now: Date
}

export interface ProfileMergeConsumer {
  name: string
  merged(merge: ProfileMerge): Ops<void>
}

const consumers = consumerList<ProfileMergeConsumer>('profile merge')

export const registerProfileMergeConsumer = (c: ProfileMergeConsumer): void => consumers.register(c)

export function* profileMergedOps(merge: ProfileMerge): Ops<void> {
  for (const c of consumers.all()) yield* c.merged(merge)
}
