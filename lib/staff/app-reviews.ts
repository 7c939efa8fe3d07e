// /staff/app-management: the directory's apps (OAuth clients registered by developers) and their
// review: staff publish an app in review or send it back to draft. The app's metadata is the
// directory's, not the developer account's data, so no consent is asked; every decision is logged.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { notFound } from '@/lib/errors/app-error'
import { recordStaffAction } from './record-staff-action'
import type { StaffActor } from './staff-account-access'

export const appListQuery = z.object({ status: z.enum(['draft', 'in_review', 'published']).optional() })
export const appDecisionBody = z.object({ status: z.enum(['draft', 'published']) })

export async function listApps(status?: string) {
  const apps = await db.oAuthApp.findMany({
    where: status ? { status } : {},
    select: { id: true, companyId: true, name: true, description: true, status: true, scopes: true, updatedAt: true },
    orderBy: { updatedAt: 'desc' },
    take: 100,
  })
  return { apps: apps.map((a) => ({ ...a, scopes: JSON.parse(a.scopes) as string[] })) }
}

export async function decideApp(actor: StaffActor, appId: string, status: 'draft' | 'published') {
  const app = await db.oAuthApp.findUnique({
    where: { id: appId },
    select: { id: true, companyId: true, status: true },
  })
  if (!app) throw notFound('There is no such app.')
  await db.oAuthApp.update({ where: { id: app.id }, data: { status } })
  await recordStaffAction({
    staffUserId: actor.userId,
    companyId: app.companyId,
    action: 'app.review',
    details: { appId, from: app.status, to: status },
    ip: actor.ip,
  })
  return { id: app.id, status }
}
