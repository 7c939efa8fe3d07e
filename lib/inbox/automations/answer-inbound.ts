// The seam between the inbox (which stores an inbound message in its conversation) and the
// inbox automations (away message, FAQ answers, intent rules, SMS keywords). The inbox calls
// answerInbound once per stored inbound message and applies the actions it returns: a reply
// goes out through the inbox's own reply path marked as automatic, a tag is added, a flow is
// started, the conversation is closed. Deciding here and applying there keeps the automations
// free of the inbox's tables and the inbox free of the rules.
//
// The order: the intent rule first (the lowest priority number among the matching ones), then
// an FAQ answer when auto-answer is on and no intent replied, then the away message when the
// business is closed at receivedAt and nothing else replied or closed the conversation — once
// per conversation and away period. Every decision is written before it is returned, so a
// repeated call for the same message returns nothing new. SMS keywords (STOP/START/HELP and the
// custom opt-in keywords) are answered by the SMS webhook itself, not here.
import { db } from '@/lib/db/client'
import { awayPeriodAt } from './business-hours'
import { loadRules } from './load-rules'
import { matchFaq, matchIntent, type IntentRule } from './match-rules'
import { recordDecision } from './record-decision'
import { profileVariables, renderReply } from './render-reply'

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
  | { type: 'start_flow'; flowId: string }
  | { type: 'close' }

function intentActions(intent: IntentRule, reply: (t: string) => string): AutomationAction[] {
  switch (intent.action) {
    case 'reply': {
      const text = reply(intent.replyText ?? '')
      return text ? [{ type: 'reply', text, source: 'intent', ruleId: intent.id }] : []
    }
    case 'tag':
      return intent.tag ? [{ type: 'tag', tag: intent.tag }] : []
    case 'start_flow':
      return intent.flowId ? [{ type: 'start_flow', flowId: intent.flowId }] : []
    case 'close':
      return [{ type: 'close' }]
  }
}

export async function answerInbound(input: InboundForAutomation): Promise<AutomationAction[]> {
  const rules = await loadRules(input.companyId)
  if (!rules) return []
  const intent = matchIntent(input.text, rules.intents)
  const faq = !rules.faqAutoAnswer ? null : matchFaq(input.text, rules.faqs)
  const away =
    rules.awayEnabled && rules.awayText.trim() ? awayPeriodAt(rules.hours, rules.timeZone, input.receivedAt) : null
  if (!intent && !faq && !away) return []

  const profile = await db.profile.findFirst({ where: { id: input.profileId, companyId: input.companyId } })
  const vars = profileVariables(profile, rules.companyName)
  const reply = (template: string) => renderReply(template, vars)
  const key = { companyId: input.companyId, messageId: input.messageId, conversationId: input.conversationId }
  const out: AutomationAction[] = []

  if (intent) {
    const actions = intentActions(intent, reply)
    if (actions.length && (await recordDecision({ ...key, ruleKind: 'intent', ruleId: intent.id, actions })))
      out.push(...actions)
  }
  const handled = () => out.some((a) => a.type === 'reply' || a.type === 'close')
  if (faq && !handled()) {
    const text = reply(faq.answer)
    const actions: AutomationAction[] = [{ type: 'reply', text, source: 'faq', ruleId: faq.id }]
    if (text && (await recordDecision({ ...key, ruleKind: 'faq', ruleId: faq.id, actions }))) out.push(...actions)
  }
  if (away && !handled()) {
    const text = reply(rules.awayText)
    const actions: AutomationAction[] = [{ type: 'reply', text, source: 'away_message' }]
    const dedupeKey = `away:${input.conversationId}:${away}`
    if (text && (await recordDecision({ ...key, ruleKind: 'away_message', dedupeKey, actions }))) out.push(...actions)
  }
  return out
}
