// /staff/permissions: which staff member holds which staff resources. Granting is itself a staff
// resource (staff_permissions); nobody edits their own set, so no one can lift themselves.
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { AppError, notFound } from '@/lib/errors/app-error'
import { STAFF_RESOURCES } from '@/lib/auth/resources'
import { recordStaffAction } from './record-staff-action'
import type { StaffActor } from './staff-account-access'

export const setStaffResourcesBody = z.object({
  resources: z.array(z.enum(STAFF_RESOURCES)).max(STAFF_RESOURCES.length),
})

const parse = (s: string) => {
  try {
    const v = JSON.parse(s) as unknown
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export async function listStaffMembers() {
  const users = await db.user.findMany({
    where: { isStaff: true },
    select: { id: true, email: true, firstName: true, lastName: true, staffResources: true },
    orderBy: { email: 'asc' },
  })
  return {
    all: STAFF_RESOURCES,
    staff: users.map((u) => ({ ...u, staffResources: parse(u.staffResources) })),
  }
}

export async function setStaffResources(actor: StaffActor, userId: number, resources: string[]) {
  if (userId === actor.userId)
    throw new AppError('own_permissions', 403, 'You cannot change your own staff permissions.')
  const user = await db.user.findFirst({ where: { id: userId, isStaff: true }, select: { staffResources: true } })
  if (!user) throw notFound('There is no such staff member.')
  const next = [...new Set(resources)].sort()
  await db.user.update({ where: { id: userId }, data: { staffResources: JSON.stringify(next) } })
  await recordStaffAction({
    staffUserId: actor.userId,
    action: 'permissions.update',
    details: { userId, from: parse(user.staffResources), to: next },
    ip: actor.ip,
  })
  return { userId, staffResources: next }
}
