// Store connections (issue 21): one Integration row per connected shop, always read and written
// for one company. The provider's credentials (access token, client secret, webhook secret) are
// sealed at rest (lib/crypto/secret-box.ts, purpose 'integration-credentials', the purpose the
// webhook endpoint opens them with), so a copy of the database alone gives nobody the shop.
import { randomUUID } from 'node:crypto'
import { openSecret, sealSecret } from '@/lib/crypto/secret-box'
import { db } from '@/lib/db/client'

export const INTEGRATION_CREDENTIALS = 'integration-credentials'

export interface IntegrationCredentials {
  accessToken?: string
  clientSecret?: string
  webhookSecret?: string
  consumerKey?: string
  consumerSecret?: string
}

export interface ConnectionSettings {
  syncDays?: number
  writeBackConsent?: boolean
  pushCoupons?: boolean
  [key: string]: unknown
}

export interface WebhookRegistration {
  topic: string
  id: string
  address: string
}

export interface Connection {
  id: string
  companyId: number
  key: string
  externalKey: string | null
  status: string
  isTest: boolean
  settings: ConnectionSettings
  webhooks: WebhookRegistration[]
  lastSyncAt: Date | null
  lastEventAt: Date | null
  lastError: string | null
  lastErrorAt: Date | null
  createdAt: Date
}

type Row = NonNullable<Awaited<ReturnType<typeof db.integration.findFirst>>>

const parse = <T>(s: string, fallback: T): T => {
  try {
    return (JSON.parse(s) as T) ?? fallback
  } catch {
    return fallback
  }
}

export const DEFAULT_SETTINGS: ConnectionSettings = { syncDays: 90, writeBackConsent: true, pushCoupons: true }

function toConnection(r: Row): Connection {
  return {
    id: r.id,
    companyId: r.companyId,
    key: r.key,
    externalKey: r.externalKey,
    status: r.status,
    isTest: r.isTest,
    settings: { ...DEFAULT_SETTINGS, ...parse<ConnectionSettings>(r.settings, {}) },
    webhooks: parse<WebhookRegistration[]>(r.webhooks, []),
    lastSyncAt: r.lastSyncAt,
    lastEventAt: r.lastEventAt,
    lastError: r.lastError,
    lastErrorAt: r.lastErrorAt,
    createdAt: r.createdAt,
  }
}

export const sealCredentials = (c: IntegrationCredentials) => sealSecret(JSON.stringify(c), INTEGRATION_CREDENTIALS)

export interface SaveConnectionInput {
  companyId: number
  key: string
  externalKey: string
  credentials: IntegrationCredentials
  settings?: ConnectionSettings
  isTest?: boolean
  createdById?: number | null
}

/** A shop is connected to one company only (unique key + externalKey). */
export class ConnectionTaken extends Error {}

/** Creates the connection, or refreshes the company's own one for the same shop (a reconnect). */
export async function saveConnection(input: SaveConnectionInput): Promise<Connection> {
  let existing = await db.integration.findFirst({ where: { key: input.key, externalKey: input.externalKey } })
  if (existing && existing.companyId !== input.companyId) {
    if (existing.status !== 'disconnected') throw new ConnectionTaken('This shop is connected to another account.')
    // The shop left that account: its old row keeps the account's history under a retired key,
    // freeing the shop (unique key + externalKey) for the new owner.
    await db.integration.updateMany({
      where: { id: existing.id, companyId: existing.companyId },
      data: { externalKey: `${input.externalKey}#${existing.id}` },
    })
    existing = null
  }
  const credentials = sealCredentials(input.credentials)
  const settings = JSON.stringify({
    ...DEFAULT_SETTINGS,
    ...(existing ? parse<ConnectionSettings>(existing.settings, {}) : {}),
    ...input.settings,
  })
  const row = existing
    ? await db.integration.update({
        where: { id: existing.id },
        data: { credentials, settings, status: 'connected', lastError: null, lastErrorAt: null },
      })
    : await db.integration.create({
        data: {
          id: randomUUID(),
          companyId: input.companyId,
          key: input.key,
          externalKey: input.externalKey,
          credentials,
          settings,
          isTest: input.isTest ?? false,
          createdById: input.createdById ?? null,
        },
      })
  return toConnection(row)
}

export async function getConnection(companyId: number, id: string): Promise<Connection | null> {
  const row = await db.integration.findFirst({ where: { id, companyId } })
  return row ? toConnection(row) : null
}

/** The company's connection of a provider (the latest one that is not disconnected, else the latest). */
export async function getConnectionByKey(companyId: number, key: string): Promise<Connection | null> {
  const rows = await db.integration.findMany({ where: { companyId, key }, orderBy: { createdAt: 'desc' } })
  const row = rows.find((r) => r.status !== 'disconnected') ?? rows[0]
  return row ? toConnection(row) : null
}

export async function listConnections(companyId: number, key?: string): Promise<Connection[]> {
  const rows = await db.integration.findMany({
    where: { companyId, ...(key ? { key } : {}) },
    orderBy: { createdAt: 'asc' },
  })
  return rows.map(toConnection)
}

/** The opened credentials of the company's connection, or null (unknown, or sealed under another key). */
export async function connectionCredentials(companyId: number, id: string): Promise<IntegrationCredentials | null> {
  const row = await db.integration.findFirst({ where: { id, companyId }, select: { credentials: true } })
  const plain = row ? openSecret(row.credentials, INTEGRATION_CREDENTIALS) : null
  return plain ? parse<IntegrationCredentials | null>(plain, null) : null
}

export async function updateConnection(
  companyId: number,
  id: string,
  patch: Partial<{
    status: string
    settings: ConnectionSettings
    webhooks: WebhookRegistration[]
    lastSyncAt: Date | null
    lastError: string | null
  }>,
): Promise<Connection | null> {
  const current = await getConnection(companyId, id)
  if (!current) return null
  const data: Record<string, unknown> = {}
  if (patch.status !== undefined) data.status = patch.status
  if (patch.settings) data.settings = JSON.stringify({ ...current.settings, ...patch.settings })
  if (patch.webhooks) data.webhooks = JSON.stringify(patch.webhooks)
  if (patch.lastSyncAt !== undefined) data.lastSyncAt = patch.lastSyncAt
  if (patch.lastError !== undefined) {
    data.lastError = patch.lastError
    data.lastErrorAt = patch.lastError ? new Date() : null
  }
  const { count } = await db.integration.updateMany({ where: { id, companyId }, data })
  return count ? getConnection(companyId, id) : null
}

/** Marks it disconnected and forgets the credentials (webhooks then find no secret and get 401). */
export async function disconnectConnection(companyId: number, id: string): Promise<boolean> {
  const { count } = await db.integration.updateMany({
    where: { id, companyId },
    data: { status: 'disconnected', credentials: '', webhooks: '[]' },
  })
  return count > 0
}
