// /get-started/add-sms-to-flows: an SMS step added to a live flow right after its first email,
// saved as the flow's next version (lib/flows/store), live with the flow. Whoever did not act on
// the email gets the text on the same path; a flow that already texts is left as it is.
import { badRequest, notFound } from '@/lib/errors/app-error'
import type { FlowAction } from '@/lib/flows/definition'
import {
  FLOW_STATUS,
  FlowDefinitionInvalid,
  getFlowDefinition,
  getFlowOrThrow,
  saveFlowVersion,
} from '@/lib/flows/store'
import { flowStoreCall } from '@/lib/flows/ajax/flows-common'

const GUIDE_SMS_ID = 'get-started-sms'

export const GUIDE_SMS_BODY =
  '{{ organization.name }}: thanks for being with us! See what is new: {{ organization.url }} Reply STOP to opt out.'

export async function addSmsToFlow(companyId: number, flowId: string) {
  return flowStoreCall(async () => {
    const flow = await getFlowOrThrow(companyId, flowId)
    if (flow.archived) throw notFound('This flow does not exist.')
    const def = await getFlowDefinition(companyId, flowId)
    if (def.actions.some((a) => a.type === 'send-sms')) return { flowId, added: false }
    const email = def.actions.find((a) => a.type === 'send-email')
    const links = email?.links as { next?: string | null } | undefined
    if (!email || !links || !('next' in links))
      throw badRequest('This flow has no email to follow with a text.', {
        flowId: ['Choose a flow that sends an email.'],
      })
    const status = flow.status === FLOW_STATUS.live ? 'live' : flow.status === FLOW_STATUS.manual ? 'manual' : 'draft'
    const sms = {
      temporary_id: GUIDE_SMS_ID,
      type: 'send-sms',
      links: { next: links.next ?? null },
      data: {
        status,
        message: {
          name: 'SMS follow-up',
          body: GUIDE_SMS_BODY,
          smart_sending_enabled: true,
          sms_quiet_hours_enabled: true,
          transactional: false,
          add_tracking_params: true,
          shorten_links: true,
        },
      },
    } as unknown as FlowAction
    links.next = GUIDE_SMS_ID
    def.actions.push(sms)
    try {
      await saveFlowVersion(companyId, flowId, def, { expectedVersion: flow.currentVersion })
    } catch (e) {
      if (e instanceof FlowDefinitionInvalid)
        throw badRequest('The flow could not take an SMS step; add it in the flow editor.', {
          flowId: [e.message],
        })
      throw e
    }
    return { flowId, added: true }
  })
}
