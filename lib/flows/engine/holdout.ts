// The flows holdout (seed 002 §3.3, §7.1 holdout override), an engine rule: is this profile held
// out of this flow? While the company has a holdout experiment (FlowHoldoutExperiment, set by
// PUT /ajax/flows/holdout/override), every flow takes part unless its override says
// isIgnoringHoldoutGroup = true; a flow with its own override isIgnoringHoldoutGroup = false
// takes part even without the account-wide experiment (then at DEFAULT_HOLDOUT_PERCENT).
// The held-out profiles are chosen by a hash of (company, experiment, profile), so they are the
// same profiles in every flow of the experiment and across retries: never Math.random.
import { createHash } from 'node:crypto'
import { kysely } from '@/lib/db/kysely'
import { selectFirst, type Ops } from '@/lib/db/ops'
import { toBool } from '@/lib/db/dialect'

export const DEFAULT_HOLDOUT_PERCENT = 10

/** A stable number in [0, 1) for (company, experiment, profile). */
export function holdoutBucket(companyId: number, experimentId: string, profileId: string): number {
  const h = createHash('sha256').update(`${companyId}:${experimentId}:${profileId}`).digest()
  return h.readUInt32BE(0) / 0x1_0000_0000
}

export interface FlowHoldout {
  experimentId: string
  percent: number
}

/** The experiment a flow takes part in, with its percentage, or null. */
export function* flowHoldoutOps(companyId: number, flowId: string): Ops<FlowHoldout | null> {
  const override = yield* selectFirst(
    kysely()
      .selectFrom('FlowHoldoutOverride')
      .select(['experimentId', 'isIgnoringHoldoutGroup'])
      .where('companyId', '=', companyId)
      .where('flowId', '=', flowId),
  )
  if (override && toBool(override.isIgnoringHoldoutGroup)) return null
  const experiment = yield* selectFirst(
    kysely().selectFrom('FlowHoldoutExperiment').select(['experimentId', 'percent']).where('companyId', '=', companyId),
  )
  if (experiment) return { experimentId: experiment.experimentId, percent: Number(experiment.percent) }
  if (override) return { experimentId: override.experimentId, percent: DEFAULT_HOLDOUT_PERCENT }
  return null
}

/**
 * Whether the profile is in the holdout group of the flow (the engine calls it when a profile
 * would enter: a held-out profile does not enter, or enters and exits with reason 'holdout').
 * Runs inside the caller's transaction (Ops); deterministic.
 */
export function* isInHoldoutOps(companyId: number, flowId: string, profileId: string): Ops<boolean> {
  const h = yield* flowHoldoutOps(companyId, flowId)
  if (!h || h.percent <= 0) return false
  return holdoutBucket(companyId, h.experimentId, profileId) < h.percent / 100
}
