// Custom SMS opt-in keywords (/settings/sms keywords, issue 25 §2): a word a shopper texts to
// join one list with SMS consent, answered with the keyword's confirmation. A keyword is the
// whole message as keywordOf reads it, unique per company, and may not be one of the standard
// STOP/START/HELP words or the company's extra ones (those keep their meaning).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { kysely } from '@/lib/db/kysely'
import { selectFirst, type Ops } from '@/lib/db/ops'
import { queryTemplate } from '@/lib/db/query-template'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { keywordOf, matchKeyword } from './keywords'
import { loadSmsAccount } from './sms-settings'

const STANDARD_WORD = 'STOP, START and HELP words (and your extra ones) keep their meaning; choose another word.'

export const smsKeywordBody = z.object({
  keyword: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,20}$/, 'Use letters and digits only (2–20).')
    .refine((w) => !matchKeyword(w), STANDARD_WORD),
  listId: z.string().trim().min(1, 'Choose a list.').max(64),
  confirmation: z.string().trim().min(1, 'Enter the confirmation reply.').max(320, 'Use at most 320 characters.'),
  enabled: z.boolean().default(true),
})
export type SmsKeywordInput = z.infer<typeof smsKeywordBody>

export interface SmsKeywordView {
  id: number
  keyword: string
  listId: string
  listName: string | null
  confirmation: string
  enabled: boolean
}

export async function listSmsKeywords(companyId: number): Promise<SmsKeywordView[]> {
  const rows = await db.smsKeyword.findMany({ where: { companyId }, orderBy: { keyword: 'asc' } })
  const lists = await db.group.findMany({
    where: { companyId, id: { in: rows.map((r) => r.listId) }, deletedAt: null },
    select: { id: true, name: true },
  })
  const names = new Map(lists.map((l) => [l.id, l.name]))
  return rows.map((r) => ({
    id: r.id,
    keyword: r.keyword,
    listId: r.listId,
    listName: names.get(r.listId) ?? null,
    confirmation: r.confirmation,
    enabled: r.enabled,
  }))
}

const TAKEN = 'This keyword is already in use.'

async function checkKeyword(companyId: number, input: SmsKeywordInput, id?: number) {
  const account = await loadSmsAccount(companyId)
  if (matchKeyword(input.keyword, account?.keywords))
    throw badRequest('Please correct the highlighted fields.', {
      keyword: [STANDARD_WORD],
    })
  const list = await db.group.findFirst({
    where: { id: input.listId, companyId, type: 0, deletedAt: null },
    select: { id: true },
  })
  if (!list) throw badRequest('Please correct the highlighted fields.', { listId: ['Choose one of your lists.'] })
  const clash = await db.smsKeyword.findFirst({
    where: { companyId, keyword: input.keyword, ...(id ? { id: { not: id } } : {}) },
    select: { id: true },
  })
  if (clash) throw badRequest('Please correct the highlighted fields.', { keyword: [TAKEN] })
}

const isUnique = (e: unknown) => (e as { code?: string })?.code === 'P2002'

export async function saveSmsKeyword(companyId: number, input: SmsKeywordInput, id?: number): Promise<SmsKeywordView> {
  await checkKeyword(companyId, input, id)
  try {
    if (id) {
      const found = await db.smsKeyword.updateMany({ where: { id, companyId }, data: input })
      if (!found.count) throw notFound('Keyword not found.')
    } else {
      id = (await db.smsKeyword.create({ data: { companyId, ...input } })).id
    }
  } catch (e) {
    // Two saves of the same word at once: the unique index keeps one.
    if (isUnique(e)) throw badRequest('Please correct the highlighted fields.', { keyword: [TAKEN] })
    throw e
  }
  return (await listSmsKeywords(companyId)).find((k) => k.id === id)!
}

export async function deleteSmsKeyword(companyId: number, id: number): Promise<void> {
  const r = await db.smsKeyword.deleteMany({ where: { id, companyId } })
  if (!r.count) throw notFound('Keyword not found.')
}

export interface OptInKeyword {
  keyword: string
  listId: string
  confirmation: string
}

/** The enabled opt-in keyword an inbound body is, whose list still exists, inside the caller's transaction. */
// Compiled once (lib/db/query-template.ts): every inbound text whose first word could be a
// keyword runs it.
const FIND_OPT_IN = queryTemplate(2, (companyId: number, word: string) =>
  kysely()
    .selectFrom('SmsKeyword as k')
    .innerJoin('Group as g', (j) => j.onRef('g.id', '=', 'k.listId').onRef('g.companyId', '=', 'k.companyId'))
    .select(['k.keyword', 'k.listId', 'k.confirmation'])
    .where('k.companyId', '=', companyId)
    .where('k.keyword', '=', word)
    .where('k.enabled', '=', true as never)
    .where('g.type', '=', 0)
    .where('g.deletedAt', 'is', null),
)

export function* optInKeywordOps(companyId: number, body: string): Ops<OptInKeyword | null> {
  const word = keywordOf(body)
  if (!/^[A-Z0-9]{2,20}$/.test(word)) return null
  const row = yield* selectFirst(FIND_OPT_IN(companyId, word))
  return row ?? null
}
