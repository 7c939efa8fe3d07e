// In-app messages of a company (/mobile-in-app-editor/{messageId}, /ajax/mobile/in-app/…): name,
// definition (in-app-definition.ts), status draft | live, the list or segment whose members see
// it (none: every profile) and an optional window. Every query carries the company.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { ulid } from '@/lib/ids/make-id'
import { EMPTY_DEFINITION, inAppDefinitionSchema, parseDefinition } from './in-app-definition'

const when = z.iso.datetime({ offset: true, message: 'Enter a date and time.' }).nullish()

export const saveInAppBody = z
  .object({
    name: z.string('Enter a name.').trim().min(1, 'Enter a name.').max(200, 'Use at most 200 characters.'),
    definition: inAppDefinitionSchema,
    status: z.enum(['draft', 'live'], 'The status must be draft or live.').default('draft'),
    audienceId: z.string().trim().max(64).nullish(),
    startsAt: when,
    endsAt: when,
  })
  .superRefine((v, ctx) => {
    if (v.startsAt && v.endsAt && new Date(v.endsAt) <= new Date(v.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' })
  })
export type SaveInAppInput = z.infer<typeof saveInAppBody>
export const createInAppBody = z.object({
  name: z.string('Enter a name.').trim().min(1, 'Enter a name.').max(200, 'Use at most 200 characters.'),
})

type Row = NonNullable<Awaited<ReturnType<typeof db.inAppMessage.findFirst>>>
const view = (r: Row, audienceName: string | null = null) => ({
  id: r.id,
  name: r.name,
  definition: parseDefinition(r.definition),
  status: r.status as 'draft' | 'live',
  audienceId: r.audienceId,
  audienceName,
  startsAt: r.startsAt?.toISOString() ?? null,
  endsAt: r.endsAt?.toISOString() ?? null,
  updatedAt: r.updatedAt.toISOString(),
})
export type InAppMessageView = ReturnType<typeof view>

export async function listInAppMessages(companyId: number) {
  const rows = await db.inAppMessage.findMany({ where: { companyId }, orderBy: { updatedAt: 'desc' }, take: 200 })
  return rows.map((r) => view(r))
}

export async function getInAppMessage(companyId: number, id: string): Promise<InAppMessageView> {
  const r = await db.inAppMessage.findFirst({ where: { companyId, id } })
  if (!r) throw notFound('This in-app message does not exist.')
  const g = r.audienceId
    ? await db.group.findFirst({ where: { companyId, id: r.audienceId }, select: { name: true } })
    : null
  return view(r, g?.name ?? null)
}

export async function createInAppMessage(companyId: number, input: z.infer<typeof createInAppBody>) {
  const r = await db.inAppMessage.create({
    data: {
      id: ulid(),
      companyId,
      name: input.name,
      definition: JSON.stringify({ ...EMPTY_DEFINITION, title: input.name }),
    },
  })
  return view(r)
}

export async function saveInAppMessage(companyId: number, id: string, input: SaveInAppInput) {
  await getInAppMessage(companyId, id)
  if (input.audienceId) {
    const g = await db.group.findFirst({ where: { companyId, id: input.audienceId, deletedAt: null } })
    if (!g) throw badRequest('Please correct the highlighted fields.', { audienceId: ['Choose a list or segment.'] })
  }
  await db.inAppMessage.updateMany({
    where: { companyId, id },
    data: {
      name: input.name,
      definition: JSON.stringify(input.definition),
      status: input.status,
      audienceId: input.audienceId || null,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
    },
  })
  return getInAppMessage(companyId, id)
}

export async function deleteInAppMessage(companyId: number, id: string) {
  const r = await db.inAppMessage.deleteMany({ where: { companyId, id } })
  if (!r.count) throw notFound('This in-app message does not exist.')
}
