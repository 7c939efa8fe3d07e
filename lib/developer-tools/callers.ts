// Who made a logged call, by name: a private key's label or an OAuth app's name, looked up for
// the ids on one page (one query each), always within the company.
import { db } from '@/lib/db/client'

export interface CallerRef {
  apiKeyId: number | null
  appId: string | null
}
export interface CallerDto {
  kind: 'key' | 'app' | 'unknown'
  id: string
  name: string
}

export async function callerNames(companyId: number, refs: CallerRef[]): Promise<(r: CallerRef) => CallerDto> {
  const keyIds = [...new Set(refs.map((r) => r.apiKeyId).filter((v): v is number => v != null))]
  const appIds = [...new Set(refs.map((r) => r.appId).filter((v): v is string => !!v))]
  const [keys, apps] = await Promise.all([
    keyIds.length
      ? db.apiKey.findMany({
          where: { companyId, id: { in: keyIds } },
          select: { id: true, label: true, prefix: true },
        })
      : [],
    // An app used by this company may have been registered by another developer's company.
    appIds.length ? db.oAuthApp.findMany({ where: { id: { in: appIds } }, select: { id: true, name: true } }) : [],
  ])
  const keyName = new Map(keys.map((k) => [k.id, `${k.label} (${k.prefix}…)`]))
  const appName = new Map(apps.map((a) => [a.id, a.name]))
  return (r) => {
    if (r.appId) return { kind: 'app', id: `app:${r.appId}`, name: appName.get(r.appId) ?? r.appId }
    if (r.apiKeyId != null)
      return { kind: 'key', id: `key:${r.apiKeyId}`, name: keyName.get(r.apiKeyId) ?? `#${r.apiKeyId}` }
    return { kind: 'unknown', id: 'unknown', name: '—' }
  }
}

/** "key:12" / "app:abc" (the screens' caller filter) → the row filter. */
export function parseCaller(value: string | undefined): CallerRef | null {
  if (!value) return null
  const key = /^key:(\d{1,9})$/.exec(value)
  if (key) return { apiKeyId: Number(key[1]), appId: null }
  const app = /^app:(.{1,100})$/.exec(value)
  if (app) return { apiKeyId: null, appId: app[1]! }
  return null
}
