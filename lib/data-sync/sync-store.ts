// The syncs of a destination: create, read, update, delete, always scoped to the company. The
// signing secret is sealed at rest and shown once, when it is created or rotated.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { badRequest, notFound } from '@/lib/errors/app-error'
import { sealSecret } from '@/lib/crypto/secret-box'
import { endpointUrlProblem, truncatedEndpoint } from '@/lib/webhooks/endpoint-url'
import { SCHEDULES, SYNC_FIELDS } from './destinations'

export const SYNC_SECRET_PURPOSE = 'data-sync-secret'

export const syncFormBody = z.object({
  name: z.string().trim().min(1, 'Name the sync.').max(100),
  endpointUrl: z
    .string()
    .trim()
    .max(2000)
    .superRefine((v, ctx) => {
      const problem = endpointUrlProblem(v)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
  groupIds: z.array(z.string().min(1).max(64)).min(1, 'Choose at least one list or segment.').max(50),
  fields: z.array(z.enum(SYNC_FIELDS)).max(SYNC_FIELDS.length).default(['email']),
  schedule: z.enum(SCHEDULES).default('manual'),
  enabled: z.boolean().default(true),
})
export type SyncForm = z.infer<typeof syncFormBody>
export const syncPatchBody = syncFormBody.partial().extend({ rotateSecret: z.boolean().optional() })

export const generateSyncSecret = () => 'whsec_' + randomBytes(24).toString('base64url')

const parseList = (s: string): string[] => {
  try {
    const v = JSON.parse(s)
    return Array.isArray(v) ? v.map(String) : []
  } catch {
    return []
  }
}

type SyncRow = NonNullable<Awaited<ReturnType<typeof db.dataSync.findFirst>>>

export function toSyncDto(s: SyncRow) {
  return {
    id: s.id,
    destination: s.destination,
    name: s.name,
    endpointUrl: truncatedEndpoint(s.endpointUrl),
    groupIds: parseList(s.groupIds),
    fields: parseList(s.fields),
    schedule: s.schedule,
    enabled: s.enabled,
    cursor: s.cursor,
    lastSuccessAt: s.lastSuccessAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
  }
}
export type SyncDto = ReturnType<typeof toSyncDto>

/** The lists and segments named must be the company's own and not deleted (400 otherwise). */
async function checkGroups(companyId: number, groupIds: string[]) {
  const found = await db.group.findMany({
    where: { companyId, id: { in: groupIds }, deletedAt: null },
    select: { id: true },
  })
  if (found.length !== new Set(groupIds).size)
    throw badRequest('Choose lists and segments of this account.', { groupIds: ['Unknown list or segment.'] })
}

export const getSync = (companyId: number, destination: string, id: number) =>
  db.dataSync.findFirst({ where: { companyId, destination, id } })

export async function getSyncOrThrow(companyId: number, destination: string, id: number) {
  const s = await getSync(companyId, destination, id)
  if (!s) throw notFound('This sync does not exist.')
  return s
}

export const listSyncs = (companyId: number, destination?: string) =>
  db.dataSync.findMany({ where: { companyId, ...(destination ? { destination } : {}) }, orderBy: { id: 'asc' } })

export async function createSync(companyId: number, destination: string, form: SyncForm) {
  await checkGroups(companyId, form.groupIds)
  const secret = generateSyncSecret()
  const row = await db.dataSync.create({
    data: {
      companyId,
      destination,
      name: form.name,
      endpointUrl: form.endpointUrl,
      secretSealed: sealSecret(secret, SYNC_SECRET_PURPOSE),
      groupIds: JSON.stringify([...new Set(form.groupIds)]),
      fields: JSON.stringify([...new Set(form.fields)]),
      schedule: form.schedule,
      enabled: form.enabled,
    },
  })
  return { sync: row, secret }
}

export async function updateSync(
  companyId: number,
  destination: string,
  id: number,
  patch: z.infer<typeof syncPatchBody>,
) {
  await getSyncOrThrow(companyId, destination, id)
  if (patch.groupIds) await checkGroups(companyId, patch.groupIds)
  const secret = patch.rotateSecret ? generateSyncSecret() : undefined
  await db.dataSync.updateMany({
    where: { companyId, destination, id },
    data: {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.endpointUrl !== undefined ? { endpointUrl: patch.endpointUrl } : {}),
      ...(patch.groupIds ? { groupIds: JSON.stringify([...new Set(patch.groupIds)]) } : {}),
      ...(patch.fields ? { fields: JSON.stringify([...new Set(patch.fields)]) } : {}),
      ...(patch.schedule !== undefined ? { schedule: patch.schedule } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      ...(secret ? { secretSealed: sealSecret(secret, SYNC_SECRET_PURPOSE) } : {}),
    },
  })
  return { sync: (await getSyncOrThrow(companyId, destination, id))!, secret }
}

export async function deleteSync(companyId: number, destination: string, id: number) {
  const { count } = await db.dataSync.deleteMany({ where: { companyId, destination, id } })
  if (!count) throw notFound('This sync does not exist.')
}

export { parseList }
