// The seam between the inbox (which stores an inbound message in its conversation) and the
// inbox automations (away message, FAQ answers, intent rules, SMS keywords). The inbox calls
// answerInbound once per stored inbound message and applies the actions it returns: a reply
// goes out through the inbox's own reply path marked as automatic, a tag is added, a flow is
// started, the conversation is closed. Deciding here and applying there keeps the automations
// free of the inbox's tables and the inbox free of the rules.

export type InboxChannel = 'sms' | 'whatsapp' | 'email' | 'chat'

export interface InboundForAutomation {
  companyId: number
  conversationId: number
  /** The inbound message's id in the inbox: the automations key their decisions by it (once per message). */
  messageId: number
  profileId: string
  channel: InboxChannel
  text: string
  receivedAt: Date
}

export type AutomationAction =
  | { type: 'reply'; text: string; source: 'away_message' | 'faq' | 'intent' | 'keyword'; ruleId?: number }
  | { type: 'tag'; tag: string }
  | { type: 'start_flow'; flowId: number }
  | { type: 'close' }

/** Filled in by the inbox automations work (issue 25 §1); until then no automatic answer. */
export async function answerInbound(input: InboundForAutomation): Promise<AutomationAction[]> {
  void input
  return []
}
