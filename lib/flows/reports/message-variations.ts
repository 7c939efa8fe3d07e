// GET /ajax/flow/message/{id}/reports/variations: when the message is an arm of an A/B test
// action (its main message or a variation), that test's analytics (each variation's recipients,
// rates and revenue, the leader, the significance test against it, the automatic winner rule);
// otherwise abTest null, so the screen can say the message is not being tested.
import { notFound } from '@/lib/errors/app-error'
import { abTestAnalytics } from '@/lib/flows/ajax/ab-tests-analytics'
import { findMessage } from '@/lib/flows/ajax/messages-lookup'

export async function messageVariations(companyId: number, messageId: string) {
  const loc = await findMessage(companyId, messageId)
  if (!loc) throw notFound('The flow message was not found.')
  if (loc.kind === 'message' || !loc.action.id) return { abTest: null }
  return { abTest: await abTestAnalytics(companyId, loc.action.id) }
}
