// Intent rules (/automations, /automations/{intentId}): the phrases that recognise an intent
// (order status, discount request, stop, or a custom one), the one action it takes (reply with
// a text, tag the conversation, start a flow of the company, close it), on or off, and its
// priority (lower first when several match).
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { parsePhrases } from './normalise-text'
import { phraseList, replyText } from './reply-text'
import { forgetRules } from './load-rules'

export const INTENT_KEYS = ['order_status', 'discount_request', 'stop', 'custom'] as const
export const INTENT_ACTIONS = ['reply', 'tag', 'start_flow', 'close'] as const

export const intentBody = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(80, 'Use at most 80 characters.'),
    key: z.enum(INTENT_KEYS, { message: 'Choose an intent.' }),
    phrases: phraseList,
    action: z.enum(INTENT_ACTIONS, { message: 'Choose an action.' }),
    replyText: z.string().trim().max(1000).default(''),
    tag: z.string().trim().max(60, 'Use at most 60 characters.').default(''),
    flowId: z.string().trim().max(64).nullable().default(null),
    enabled: z.boolean().default(true),
    priority: z.coerce
      .number()
      .int('Enter a whole number.')
      .min(1, 'Enter 1 or more.')
      .max(1000, 'Enter at most 1,000.')
      .default(100),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (!v.phrases.length) issue('phrases', 'Add at least one phrase.')
    if (v.action === 'reply') {
      const r = replyText('Enter the reply.').safeParse(v.replyText)
      if (!r.success) issue('replyText', r.error.issues[0]!.message)
    }
    if (v.action === 'tag' && !v.tag) issue('tag', 'Enter the tag.')
    if (v.action === 'start_flow' && !v.flowId) issue('flowId', 'Choose a flow.')
  })
export type IntentInput = z.infer<typeof intentBody>

type Row = Awaited<ReturnType<typeof db.inboxIntent.findFirstOrThrow>>
const view = (r: Row) => ({
  id: r.id,
  name: r.name,
  key: r.key,
  phrases: parsePhrases(r.phrases),
  action: r.action,
  replyText: r.replyText ?? '',
  tag: r.tag ?? '',
  flowId: r.flowId,
  enabled: r.enabled,
  priority: r.priority,
})
export type IntentView = ReturnType<typeof view>

export async function listIntents(companyId: number): Promise<IntentView[]> {
  const rows = await db.inboxIntent.findMany({ where: { companyId }, orderBy: [{ priority: 'asc' }, { id: 'asc' }] })
  return rows.map(view)
}

export async function getIntent(companyId: number, id: number): Promise<IntentView> {
  const row = await db.inboxIntent.findFirst({ where: { id, companyId } })
  if (!row) throw notFound('Intent not found.')
  return view(row)
}

export async function saveIntent(companyId: number, input: IntentInput, id?: number): Promise<IntentView> {
  if (input.action === 'start_flow') {
    const flow = await db.flow.findFirst({
      where: { id: input.flowId!, companyId, archived: false },
      select: { id: true },
    })
    if (!flow) throw badRequest('Please correct the highlighted fields.', { flowId: ['Choose one of your flows.'] })
  }
  const data = {
    name: input.name,
    key: input.key,
    phrases: JSON.stringify(input.phrases),
    action: input.action,
    replyText: input.action === 'reply' ? input.replyText : null,
    tag: input.action === 'tag' ? input.tag : null,
    flowId: input.action === 'start_flow' ? input.flowId : null,
    enabled: input.enabled,
    priority: input.priority,
  }
  if (!id) {
    const created = await db.inboxIntent.create({ data: { companyId, ...data } })
    forgetRules(companyId)
    return view(created)
  }
  const r = await db.inboxIntent.updateMany({ where: { id, companyId }, data })
  forgetRules(companyId)
  if (!r.count) throw notFound('Intent not found.')
  return getIntent(companyId, id)
}

export async function deleteIntent(companyId: number, id: number): Promise<void> {
  const r = await db.inboxIntent.deleteMany({ where: { id, companyId } })
  forgetRules(companyId)
  if (!r.count) throw notFound('Intent not found.')
}
