// GET /ajax/flow/{id} – the flow's summary with its beta flag: whether the builder opens it in
// the beta experience (feature flag "flows_builder_beta" of the company), and whether it uses
// kinds we keep but do not run (unsupported triggers or actions).
import { isFlagOn } from '@/lib/flags/get-feature-flags'
import { isUnsupported } from '../definition'
import { flowStatusName, getFlowVersionDefinition } from '../store'
import { getAjaxFlow, statusText } from './flows-common'

export const FLOWS_BETA_FLAG = 'flows_builder_beta'

export async function flowSummary(companyId: number, flowId: string) {
  const f = await getAjaxFlow(companyId, flowId)
  const def = await getFlowVersionDefinition(companyId, flowId)
  const unsupported = !!def && [...def.triggers, ...def.actions].some((x) => isUnsupported(x))
  return {
    flow: {
      id: f.id,
      name: f.name,
      status: statusText(f.status),
      statusName: flowStatusName(f.status),
      archived: f.archived,
      triggerType: f.triggerType ?? 'Segment',
      version: f.currentVersion,
    },
    beta: await isFlagOn(companyId, FLOWS_BETA_FLAG),
    usesUnsupported: unsupported,
  }
}
