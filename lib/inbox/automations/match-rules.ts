// Which FAQ entry and which intent an inbound text matches. Intents: the enabled intent with a
// matching phrase and the lowest priority number (then the lowest id). FAQ entries: the enabled
// entry whose matching phrases cover the most words (then the lowest id), the question itself
// counting as a phrase. Pure, so the tables of tests/unit can drive them.
import { containsPhrase, normaliseText } from './normalise-text'

export interface IntentRule {
  id: number
  key: string
  phrases: string[]
  action: 'reply' | 'tag' | 'start_flow' | 'close'
  replyText: string | null
  tag: string | null
  flowId: string | null
  enabled: boolean
  priority: number
}

export interface FaqRule {
  id: number
  question: string
  answer: string
  phrases: string[]
  enabled: boolean
}

export function matchIntent(text: string, intents: readonly IntentRule[]): IntentRule | null {
  const t = normaliseText(text)
  if (!t) return null
  const hits = intents.filter((i) => i.enabled && i.phrases.some((p) => containsPhrase(t, p)))
  hits.sort((a, b) => a.priority - b.priority || a.id - b.id)
  return hits[0] ?? null
}

const words = (s: string) => normaliseText(s).split(' ').filter(Boolean).length

export function matchFaq(text: string, faqs: readonly FaqRule[]): FaqRule | null {
  const t = normaliseText(text)
  if (!t) return null
  let best: { faq: FaqRule; score: number } | null = null
  for (const faq of faqs) {
    if (!faq.enabled) continue
    const score = [faq.question, ...faq.phrases]
      .filter((p) => containsPhrase(t, p))
      .reduce((sum, p) => sum + words(p), 0)
    if (score > 0 && (!best || score > best.score || (score === best.score && faq.id < best.faq.id)))
      best = { faq, score }
  }
  return best?.faq ?? null
}
