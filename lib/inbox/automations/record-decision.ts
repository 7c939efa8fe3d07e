// Writes the decision of one automation for one message before its actions are returned: the
// unique keys (message and rule kind; the dedupe key across messages) let only the first of two
// concurrent or repeated calls through, so an automation answers a message once.
import { db } from '@/lib/db/client'

export type RuleKind = 'away_message' | 'faq' | 'intent'

// Prisma's P2002, or the driver's own code when the adapter passes it through.
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } } | null
  const codes = [err?.code, err?.cause?.code]
  return codes.some((c) => c === 'P2002' || c === 'SQLITE_CONSTRAINT_UNIQUE' || c === '23505')
}

export async function recordDecision(d: {
  companyId: number
  messageId: number
  conversationId: number
  ruleKind: RuleKind
  ruleId?: number
  dedupeKey?: string
  /** The actions returned to the inbox, kept for the record. */
  actions: unknown[]
}): Promise<boolean> {
  try {
    await db.inboxAutomationDecision.create({
      data: {
        companyId: d.companyId,
        messageId: d.messageId,
        conversationId: d.conversationId,
        ruleKind: d.ruleKind,
        ruleId: d.ruleId ?? null,
        dedupeKey: d.dedupeKey ?? null,
        actions: JSON.stringify(d.actions),
      },
    })
    return true
  } catch (e) {
    if (isUniqueViolation(e)) return false
    throw e
  }
}
