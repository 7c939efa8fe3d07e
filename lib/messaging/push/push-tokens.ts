// Push tokens of profiles (one row per company and token): registered by the mobile SDK
// (/client/push-tokens) or migrated through /api/push-tokens, unregistered by the app
// (…/push-token-unregister) or when FCM rejects them (channels/push.ts). A token registered
// again moves to the profile that registered it last and becomes active again.
import { exec, inWriteTx, read, select, selectFirst, type Ops } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { toDate } from '@/lib/db/dialect'
import { ulid } from '@/lib/ids/make-id'
import { badRequest } from '@/lib/errors/app-error'
import { toPatchProperties, toProfileInput } from '@/lib/api/profile-body'
import { upsertProfile } from '@/lib/profiles/upsert-profile'
import type { UpsertMode } from '@/lib/profiles/types'
import type { CreatePushTokenBody, UnregisterPushTokenBody } from './push-token-body'

export interface PushTokenRow {
  id: string
  companyId: number
  profileId: string
  token: string
  platform: string
  vendor: string
  enablementStatus: string
  background: string
  metadata: Record<string, unknown>
  unregisteredAt: Date | null
  unregisterReason: string | null
  createdAt: Date
  updatedAt: Date
}

export const PUSH_TOKEN_COLUMNS = [
  'id',
  'companyId',
  'profileId',
  'token',
  'platform',
  'vendor',
  'enablementStatus',
  'background',
  'metadata',
  'unregisteredAt',
  'unregisterReason',
  'createdAt',
  'updatedAt',
] as const

export function toPushTokenRow(r: Record<string, unknown>): PushTokenRow {
  let metadata: Record<string, unknown> = {}
  try {
    const parsed = JSON.parse(String(r.metadata ?? '{}'))
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) metadata = parsed
  } catch {}
  return {
    id: String(r.id),
    companyId: Number(r.companyId),
    profileId: String(r.profileId),
    token: String(r.token),
    platform: String(r.platform),
    vendor: String(r.vendor),
    enablementStatus: String(r.enablementStatus),
    background: String(r.background),
    metadata,
    unregisteredAt: toDate(r.unregisteredAt),
    unregisterReason: (r.unregisterReason as string | null) ?? null,
    createdAt: toDate(r.createdAt)!,
    updatedAt: toDate(r.updatedAt)!,
  }
}

type ProfileRef = CreatePushTokenBody['data']['attributes']['profile']

/** Finds or creates the profile a token belongs to (by id, or by its identifiers). */
async function resolveProfile(
  companyId: number,
  ref: ProfileRef,
  mode: Extract<UpsertMode, 'import' | 'client'>,
): Promise<string> {
  const input = toProfileInput(ref.data.attributes)
  const kx = (ref.data.attributes as { _kx?: string | null })._kx
  const hasIdentifier =
    !!ref.data.id || !!input.email || !!input.phoneNumber || !!input.externalId || !!input.anonymousId || !!kx
  if (!hasIdentifier) {
    throw badRequest('The profile needs an id, email, phone_number, external_id or anonymous_id.', {
      profile: ['The profile needs an id, email, phone_number, external_id or anonymous_id.'],
    })
  }
  if (!input.anonymousId && kx) input.anonymousId = kx
  const { profile } = await upsertProfile(companyId, input, {
    mode,
    id: ref.data.id ?? undefined,
    source: mode === 'client' ? 'client' : 'api',
    patchProperties: toPatchProperties(ref.data.meta),
  })
  return profile.id
}

export interface PushTokenInput {
  profileId: string
  token: string
  platform: string
  vendor: string
  enablementStatus?: string | null
  background?: string | null
  metadata?: Record<string, unknown> | null
}

/** Insert or update by (company, token); returns the token's id. */
export function* upsertPushTokenOps(companyId: number, t: PushTokenInput, now: Date): Ops<string> {
  const db = kysely()
  const values = {
    profileId: t.profileId,
    platform: t.platform,
    vendor: t.vendor,
    enablementStatus: t.enablementStatus ?? 'AUTHORIZED',
    background: t.background ?? 'AVAILABLE',
    metadata: JSON.stringify(t.metadata ?? {}),
    unregisteredAt: null,
    unregisterReason: null,
    updatedAt: now,
  }
  yield* exec(
    db
      .insertInto('PushToken')
      .values({ id: ulid(now.getTime()), companyId, token: t.token, createdAt: now, ...values })
      .onConflict((oc) => oc.columns(['companyId', 'token']).doUpdateSet(values)),
  )
  const row = yield* selectFirst(
    db.selectFrom('PushToken').select('id').where('companyId', '=', companyId).where('token', '=', t.token),
  )
  return row!.id
}

/** POST /api/push-tokens and /client/push-tokens. */
export async function registerPushToken(
  companyId: number,
  body: CreatePushTokenBody,
  mode: 'import' | 'client',
  now = new Date(),
): Promise<string> {
  const a = body.data.attributes
  const profileId = await resolveProfile(companyId, a.profile, mode)
  const metadata = a.device_metadata
    ? Object.fromEntries(Object.entries(a.device_metadata).filter(([, v]) => v != null))
    : {}
  return inWriteTx(() =>
    upsertPushTokenOps(
      companyId,
      {
        profileId,
        token: a.token,
        platform: a.platform,
        vendor: a.vendor,
        enablementStatus: a.enablement_status,
        background: a.background,
        metadata,
      },
      now,
    ),
  )
}

/** Marks a token unregistered (never delivered to again until registered anew). Returns whether it was active. */
export function* unregisterPushTokenOps(companyId: number, token: string, reason: string, now: Date): Ops<boolean> {
  return (
    (yield* exec(
      kysely()
        .updateTable('PushToken')
        .set({ unregisteredAt: now, unregisterReason: reason, updatedAt: now })
        .where('companyId', '=', companyId)
        .where('token', '=', token)
        .where('unregisteredAt', 'is', null),
    )) > 0
  )
}

/** POST …/push-token-unregister: the app says this device no longer takes pushes. */
export async function unregisterPushToken(
  companyId: number,
  body: UnregisterPushTokenBody,
  now = new Date(),
): Promise<boolean> {
  return inWriteTx(() => unregisterPushTokenOps(companyId, body.data.attributes.token, 'app_unregistered', now))
}

/** The tokens a push to this profile goes to. */
/** Direct APNs tokens are included only when the caller can send to Apple (an APNs key is set). */
export function* activePushTokensOps(
  companyId: number,
  profileId: string,
  vendors: string[] = ['fcm'],
): Ops<PushTokenRow[]> {
  const rows = yield* select(
    kysely()
      .selectFrom('PushToken')
      .select(PUSH_TOKEN_COLUMNS)
      .where('companyId', '=', companyId)
      .where('profileId', '=', profileId)
      .where('unregisteredAt', 'is', null)
      .where('enablementStatus', 'in', ['AUTHORIZED', 'PROVISIONAL'])
      .where('vendor', 'in', vendors)
      .orderBy('id'),
  )
  return rows.map((r) => toPushTokenRow(r as Record<string, unknown>))
}

export async function getPushToken(companyId: number, id: string): Promise<PushTokenRow | null> {
  const r = await read(
    selectFirst(
      kysely()
        .selectFrom('PushToken')
        .select(PUSH_TOKEN_COLUMNS)
        .where('companyId', '=', companyId)
        .where('id', '=', id),
    ),
  )
  return r ? toPushTokenRow(r as Record<string, unknown>) : null
}

export async function deletePushToken(companyId: number, id: string): Promise<boolean> {
  return (
    (await inWriteTx(() =>
      exec(kysely().deleteFrom('PushToken').where('companyId', '=', companyId).where('id', '=', id)),
    )) > 0
  )
}
