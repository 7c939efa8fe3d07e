// /oauth/client: the apps that hold a live grant on this account, with the scopes granted.
import { db } from '@/lib/db/client'
import { parseJsonArray } from './app-fields'

export async function listAuthorizedApps(companyId: number, now = new Date()) {
  const tokens = await db.oAuthToken.findMany({
    where: { companyId, revokedAt: null, OR: [{ refreshExpiresAt: { gt: now } }, { accessExpiresAt: { gt: now } }] },
    select: { appId: true, scopes: true, createdAt: true },
    orderBy: { createdAt: 'asc' },
  })
  const byApp = new Map<string, { scopes: Set<string>; since: Date }>()
  for (const t of tokens) {
    const e = byApp.get(t.appId) ?? { scopes: new Set<string>(), since: t.createdAt }
    parseJsonArray(t.scopes).forEach((s) => e.scopes.add(s))
    byApp.set(t.appId, e)
  }
  if (byApp.size === 0) return []
  const apps = await db.oAuthApp.findMany({
    where: { id: { in: [...byApp.keys()] } },
    select: { id: true, name: true, companyId: true },
  })
  const devs = await db.company.findMany({
    where: { id: { in: apps.map((a) => a.companyId) } },
    select: { id: true, name: true },
  })
  return apps
    .map((a) => ({
      appId: a.id,
      name: a.name,
      developer: devs.find((d) => d.id === a.companyId)?.name ?? '',
      scopes: [...byApp.get(a.id)!.scopes].sort(),
      authorizedAt: byApp.get(a.id)!.since.toISOString(),
    }))
    .sort((x, y) => x.name.localeCompare(y.name))
}
