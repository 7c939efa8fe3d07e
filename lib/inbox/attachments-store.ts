// A customer's attachments kept on our side (issue 25 §4): an MMS's files (Twilio MediaUrl0..N)
// and WhatsApp media (by the Cloud API's media id) are fetched after the message is committed, by
// a job (never inside the webhook's transaction, never holding up its answer), through the
// guarded outbound connection (lib/net/safe-fetch: allowed addresses only, byte cap, deadline),
// checked by their bytes (attachments-sniff.ts) and written under DATA_DIR in
// inbox-media/<company>/<message>-<index>.<ext>. Each media entry of the message then says
// `stored` (file, sniffed type, size) or `unavailable` (a reason code); the message itself is
// never dropped. A timeout or a provider's 5xx is tried again (3 attempts); a 4xx, a refused type
// or size is final.
import fs from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import { dataDir } from '@/lib/config/data-dir.mjs'
import { exec, inWriteTx, read, selectFirst } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { enqueue, registerJobHandler } from '@/lib/jobs/queue'
import { OutboundError, safeFetch, type SafeResponse } from '@/lib/net/safe-fetch'
import type { InboundMedia } from '@/lib/messaging/inbound-message-consumers'
import { loadSmsAccount } from '@/lib/messaging/sms/sms-settings'
import { loadWhatsAppAccount } from '@/lib/messaging/whatsapp/whatsapp-settings'
import { checkAttachmentBytes, MAX_ATTACHMENT_BYTES } from './attachments-sniff'

export const STORE_ATTACHMENTS_JOB = 'inbox.store-attachments'
export const ATTACHMENTS_ROOT = 'inbox-media'
const MAX_ATTEMPTS = 3
const TIMEOUT_MS = 20_000

/** A media entry as the message keeps it (ConversationMessage.media, a JSON list). */
export interface KeptMedia extends InboundMedia {
  stored?: { file: string; contentType: string; size: number }
  unavailable?: string
}

type Fetched = { ok: true; bytes: Buffer } | { ok: false; reason: string; retry: boolean }

const SUBJECT = 'message/subject'
const pending = (m: KeptMedia) => m.contentType !== SUBJECT && !m.stored && !m.unavailable

function failure(e: unknown): Fetched {
  if (e instanceof OutboundError) {
    if (e.kind === 'too_large') return { ok: false, reason: 'too_large', retry: false }
    if (e.kind === 'blocked' || e.kind === 'invalid_url')
      return { ok: false, reason: 'address_not_allowed', retry: false }
  }
  return { ok: false, reason: 'fetch_failed', retry: true }
}

const fromResponse = (res: SafeResponse): Fetched =>
  res.ok
    ? { ok: true, bytes: res.body }
    : { ok: false, reason: `http_${res.status}`, retry: res.status >= 500 || res.status === 429 }

async function download(url: string, headers: Record<string, string>): Promise<Fetched> {
  const init = { purpose: 'provider' as const, httpsOnly: true, timeoutMs: TIMEOUT_MS, maxBytes: MAX_ATTACHMENT_BYTES }
  try {
    const res = await safeFetch(url, { ...init, headers, maxRedirects: 0 })
    const location = typeof res.headers.location === 'string' ? res.headers.location : null
    if (res.status >= 300 && res.status < 400 && location)
      // Twilio hands its files over at a storage address of its own: the credentials stay with
      // the provider, the redirect is followed without them.
      return fromResponse(await safeFetch(new URL(location, res.url), { ...init, maxRedirects: 2 }))
    return fromResponse(res)
  } catch (e) {
    return failure(e)
  }
}

async function fetchMms(companyId: number, url: string): Promise<Fetched> {
  const account = await loadSmsAccount(companyId)
  let sameOrigin = false
  try {
    sameOrigin = !!account && new URL(url).origin === new URL(account.baseUrl).origin
  } catch {
    return { ok: false, reason: 'address_not_allowed', retry: false }
  }
  // Twilio's media may require the account's credentials; they go to its API host only.
  const headers: Record<string, string> = sameOrigin
    ? { authorization: 'Basic ' + Buffer.from(`${account!.accountSid}:${account!.authToken}`).toString('base64') }
    : {}
  return download(url, headers)
}

async function fetchWhatsApp(companyId: number, mediaId: string): Promise<Fetched> {
  const account = await loadWhatsAppAccount(companyId)
  if (!account) return { ok: false, reason: 'not_configured', retry: false }
  const headers = { authorization: `Bearer ${account.accessToken}` }
  let res: SafeResponse
  try {
    // The media id names a short-lived download URL, fetched with the same token.
    res = await safeFetch(`${account.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(mediaId)}`, {
      purpose: 'provider',
      httpsOnly: true,
      headers,
      timeoutMs: TIMEOUT_MS,
      maxBytes: 64 * 1024,
    })
  } catch (e) {
    return failure(e)
  }
  if (!res.ok) return fromResponse(res)
  const url = res.json<{ url?: unknown }>()?.url
  if (typeof url !== 'string') return { ok: false, reason: 'no_download_url', retry: false }
  return download(url, headers)
}

export async function storeAttachments(
  payload: { companyId: number; messageId: number },
  attempt = MAX_ATTEMPTS,
): Promise<void> {
  const { companyId, messageId } = payload
  const q = kysely()
  const row = await read(
    selectFirst(
      q
        .selectFrom('ConversationMessage')
        .select(['id', 'conversationId', 'media'])
        .where('companyId', '=', companyId)
        .where('id', '=', messageId),
    ),
  )
  if (!row?.media) return
  const media = JSON.parse(row.media) as KeptMedia[]
  let changed = false
  let again = false
  for (const [i, m] of media.entries()) {
    if (!pending(m)) continue
    const got: Fetched = m.url
      ? await fetchMms(companyId, m.url)
      : m.mediaId
        ? await fetchWhatsApp(companyId, m.mediaId)
        : { ok: false, reason: 'no_source', retry: false }
    if (!got.ok) {
      if (got.retry && attempt < MAX_ATTEMPTS) {
        again = true
        continue
      }
      m.unavailable = got.reason
      changed = true
      continue
    }
    const checked = checkAttachmentBytes(got.bytes)
    if (!checked.ok) {
      m.unavailable = checked.problem
      changed = true
      continue
    }
    const file = path.posix.join(ATTACHMENTS_ROOT, String(companyId), `${messageId}-${i}.${checked.file.ext}`)
    const abs = path.join(dataDir(), file)
    await fs.mkdir(path.dirname(abs), { recursive: true })
    await fs.writeFile(abs, got.bytes)
    m.stored = { file, contentType: checked.file.contentType, size: got.bytes.length }
    changed = true
  }
  if (changed) {
    const now = new Date()
    await inWriteTx(function* () {
      yield* exec(
        q
          .updateTable('ConversationMessage')
          .set({ media: JSON.stringify(media) })
          .where('companyId', '=', companyId)
          .where('id', '=', messageId),
      )
      // The poll's ETag moves, so an open thread reads the message again.
      yield* exec(
        q
          .updateTable('Conversation')
          .set({ version: sql`"version" + 1`, updatedAt: now })
          .where('companyId', '=', companyId)
          .where('id', '=', row.conversationId),
      )
    })
  }
  if (again) throw new Error('An attachment could not be fetched yet; it is tried again.')
}

/** After the message's commit: one job per message with attachments (a redelivery adds none). */
export async function queueAttachments(companyId: number, messageId: number, media: InboundMedia[]): Promise<void> {
  if (!media.some((m) => m.contentType !== SUBJECT)) return
  await enqueue(
    STORE_ATTACHMENTS_JOB,
    { companyId, messageId },
    { companyId, maxAttempts: MAX_ATTEMPTS, idempotencyKey: `inbox-media:${companyId}:${messageId}` },
  )
}

export function register(): void {
  registerJobHandler(STORE_ATTACHMENTS_JOB, (p: { companyId: number; messageId: number }, ctx) =>
    storeAttachments(p, ctx.attempt),
  )
}
