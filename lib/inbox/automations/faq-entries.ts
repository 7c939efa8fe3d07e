// FAQ entries (/inbox/faq, /inbox/faq/new, /inbox/faq/{id}): a question, its answer (with
// profile variables) and the keywords or phrases that recognise it; answerInbound answers with
// the best-matching enabled entry when FAQ auto-answer is on.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { parsePhrases } from './normalise-text'
import { phraseList, replyText } from './reply-text'
import { forgetRules } from './load-rules'

export const faqBody = z.object({
  question: z.string().trim().min(1, 'Enter the question.').max(300, 'Use at most 300 characters.'),
  answer: replyText('Enter the answer.'),
  phrases: phraseList,
  enabled: z.boolean().default(true),
})
export type FaqInput = z.infer<typeof faqBody>

type Row = { id: number; question: string; answer: string; phrases: string; enabled: boolean; updatedAt: Date }
const view = (r: Row) => ({ ...r, phrases: parsePhrases(r.phrases) })
export type FaqView = ReturnType<typeof view>

export async function listFaqs(companyId: number): Promise<FaqView[]> {
  return (await db.inboxFaq.findMany({ where: { companyId }, orderBy: { id: 'asc' } })).map(view)
}

export async function getFaq(companyId: number, id: number): Promise<FaqView> {
  const row = await db.inboxFaq.findFirst({ where: { id, companyId } })
  if (!row) throw notFound('FAQ entry not found.')
  return view(row)
}

export async function saveFaq(companyId: number, input: FaqInput, id?: number): Promise<FaqView> {
  const data = { ...input, phrases: JSON.stringify(input.phrases) }
  if (!id) {
    const created = await db.inboxFaq.create({ data: { companyId, ...data } })
    forgetRules(companyId)
    return view(created)
  }
  const r = await db.inboxFaq.updateMany({ where: { id, companyId }, data })
  forgetRules(companyId)
  if (!r.count) throw notFound('FAQ entry not found.')
  return getFaq(companyId, id)
}

export async function deleteFaq(companyId: number, id: number): Promise<void> {
  const r = await db.inboxFaq.deleteMany({ where: { id, companyId } })
  forgetRules(companyId)
  if (!r.count) throw notFound('FAQ entry not found.')
}
