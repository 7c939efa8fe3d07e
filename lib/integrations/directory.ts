// The app directory (/integrations): what can be connected, and for each entry its status from
// the company's Integration rows (installed, last sync, last error) or, for the built-in
// features, from their own rows (outbound webhooks, OAuth apps, EventImports). Read per company.
import { db } from '@/lib/db/client'
import { DIRECTORY, type DirectoryEntry } from './directory-entries'

export { DIRECTORY, findDirectoryEntry, type AppCategory, type DirectoryEntry } from './directory-entries'

export interface EntryStatus {
  installed: boolean
  /** connected | syncing | disconnected | error, or null when not installed */
  status: string | null
  isTest: boolean
  connections: number
  lastSyncAt: string | null
  lastError: string | null
  lastErrorAt: string | null
}

export type DirectoryItem = DirectoryEntry & EntryStatus

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
const latest = (ds: Array<Date | null | undefined>) =>
  ds.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null)

export async function listDirectory(companyId: number): Promise<DirectoryItem[]> {
  const [rows, uploads, sftp, hooks, apps] = await Promise.all([
    db.integration.findMany({
      where: { companyId },
      select: {
        key: true,
        status: true,
        isTest: true,
        lastSyncAt: true,
        lastEventAt: true,
        lastError: true,
        lastErrorAt: true,
      },
    }),
    db.eventImport.findFirst({
      where: { companyId, source: 'upload' },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true, finishedAt: true, status: true },
    }),
    db.sftpImportConfig.findUnique({ where: { companyId }, select: { enabled: true, lastScanAt: true } }),
    db.webhook.count({ where: { companyId } }),
    db.oAuthApp.count({ where: { companyId } }),
  ])
  const sftpFailure = sftp
    ? await db.eventImport.findFirst({
        where: { companyId, source: 'sftp', status: 'failed' },
        orderBy: { createdAt: 'desc' },
        select: { fileName: true, finishedAt: true },
      })
    : null
  return DIRECTORY.map((entry): DirectoryItem => {
    const none: EntryStatus = {
      installed: false,
      status: null,
      isTest: false,
      connections: 0,
      lastSyncAt: null,
      lastError: null,
      lastErrorAt: null,
    }
    if (entry.id === 'csv-upload') {
      return {
        ...entry,
        ...none,
        installed: !!uploads,
        status: uploads ? 'connected' : null,
        lastSyncAt: iso(uploads?.finishedAt ?? uploads?.createdAt),
      }
    }
    if (entry.id === 'sftp') {
      if (!sftp) return { ...entry, ...none }
      return {
        ...entry,
        ...none,
        installed: true,
        status: sftp.enabled ? 'connected' : 'disconnected',
        connections: 1,
        lastSyncAt: iso(sftp.lastScanAt),
        lastError: sftpFailure ? `${sftpFailure.fileName} could not be imported.` : null,
        lastErrorAt: iso(sftpFailure?.finishedAt),
      }
    }
    if (entry.id === 'webhooks')
      return { ...entry, ...none, installed: hooks > 0, status: hooks > 0 ? 'connected' : null, connections: hooks }
    if (entry.id === 'developer-apps')
      return { ...entry, ...none, installed: apps > 0, status: apps > 0 ? 'connected' : null, connections: apps }
    const mine = rows.filter((r) => r.key === entry.integrationKey)
    if (!mine.length) return { ...entry, ...none }
    // The worst status wins, so a broken connection is never hidden behind a working one.
    const order = ['error', 'disconnected', 'syncing', 'connected']
    const status = order.find((s) => mine.some((r) => r.status === s)) ?? mine[0]!.status
    const erred = mine
      .filter((r) => r.lastError)
      .sort((a, b) => (b.lastErrorAt?.getTime() ?? 0) - (a.lastErrorAt?.getTime() ?? 0))[0]
    return {
      ...entry,
      installed: true,
      status,
      isTest: mine.every((r) => r.isTest),
      connections: mine.length,
      lastSyncAt: iso(latest(mine.flatMap((r) => [r.lastSyncAt, r.lastEventAt]))),
      lastError: erred?.lastError ?? null,
      lastErrorAt: iso(erred?.lastErrorAt),
    }
  })
}

/** Seed 002 §7.10: a connected Shopify or WooCommerce store. */
export async function hasConnectedStore(companyId: number): Promise<boolean> {
  const row = await db.integration.findFirst({
    where: { companyId, key: { in: ['shopify', 'woocommerce'] }, status: { in: ['connected', 'syncing'] } },
    select: { id: true },
  })
  return !!row
}
