// GET /ajax/flows/in-product-experiment/flow-ids – the flows taking part in the company's
// flows experiment (the holdout experiment of holdout.ts), for the list's experiment badge.
import { flowHoldouts } from './flows-holdout'

export async function experimentFlowIds(companyId: number) {
  const h = await flowHoldouts(companyId)
  return {
    experimentId: h.experiment?.experimentId ?? null,
    flowIds: h.flows.filter((f) => f.inHoldout).map((f) => f.flowId),
  }
}
