// The accounts a user may clone into: every other account where their role can write the kind.
import { db } from '@/lib/db/client'
import { forbidden } from '@/lib/errors/app-error'
import { resourcesForRole } from '@/lib/auth/roles'
import { WRITE_RESOURCE, type CloneKind } from './clone-kinds'

const grants = (role: string, resource: string) => (resourcesForRole(role) as readonly string[]).includes(resource)

export async function cloneTargets(userId: number, currentCompanyId: number, kind: CloneKind) {
  const rows = await db.membership.findMany({
    where: { userId, companyId: { not: currentCompanyId } },
    select: { role: true, company: { select: { id: true, name: true } } },
    orderBy: { companyId: 'asc' },
  })
  return rows
    .filter((m) => grants(m.role, WRITE_RESOURCE[kind]))
    .map((m) => ({ companyId: m.company.id, name: m.company.name }))
}

/** 403 unless the user's role in the target account can write the kind (checked at start and again in the job). */
export async function assertCloneTarget(userId: number, targetCompanyId: number, kind: CloneKind) {
  const m = await db.membership.findUnique({
    where: { userId_companyId: { userId, companyId: targetCompanyId } },
    select: { role: true },
  })
  if (!m || !grants(m.role, WRITE_RESOURCE[kind])) throw forbidden('You cannot create that in the chosen account.')
}
