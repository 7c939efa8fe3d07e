// /staff/sync-ui: an account's integration syncs (state, progress, last error), newest first.
import { db } from '@/lib/db/client'
import { staffAccountAccess, type StaffActor } from './staff-account-access'

export async function listAccountSyncs(actor: StaffActor, companyId: number) {
  await staffAccountAccess(actor, companyId, 'syncs.view')
  const syncs = await db.integrationSync.findMany({
    where: { companyId },
    select: {
      id: true,
      integrationId: true,
      resource: true,
      status: true,
      processed: true,
      total: true,
      error: true,
      startedAt: true,
      finishedAt: true,
      createdAt: true,
    },
    orderBy: { createdAt: 'desc' },
    take: 50,
  })
  return { syncs }
}
