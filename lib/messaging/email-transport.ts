// SMTP delivery through nodemailer: one pooled transport per sender configuration: the
// server's default (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…:465) or a company's
// own server (/settings/email, lib/messaging/email-settings). A company whose configuration
// changes gets a new pool and its old one is closed. Each transport has a token bucket for the
// provider's rate limit (messages per second). With no SMTP configured, mail goes to the local
// outbox (lib/mail/outbox-mail.ts) instead, marked as not delivered.
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import nodemailer, { type Transporter } from 'nodemailer'
import { appUrl } from '@/lib/config/app-url'
import { checkedSmtpSocket } from '@/lib/net/checked-smtp-socket'
import { composeMime, splitMailbox } from './mime'

/** A configured SMTP server: a URL, or host/port/secure/credentials (a company's settings). */
export type SmtpTarget =
  | string
  | {
      host: string
      port: number
      secure: boolean
      user?: string | null
      password?: string | null
      rateLimitPerSecond?: number | null
    }

interface Pooled {
  transport: Transporter
  bucket: TokenBucket | null
}
const g = globalThis as unknown as { __smtpTransports?: Map<string, Pooled>; __smtpOwners?: Map<string, string> }

/** The server's default SMTP URL, or null (→ local outbox). Read per call. */
export const defaultSmtpUrl = (): string | null => process.env.SMTP_URL?.trim() || null

/** The sender when a message names none: MAIL_FROM, else no-reply@<APP_URL's host>. */
export function defaultFrom(): string {
  if (process.env.MAIL_FROM?.trim()) return process.env.MAIL_FROM.trim()
  let host = 'localhost'
  try {
    host = new URL(appUrl()).hostname || host
  } catch {}
  return `no-reply@${host}`
}

/**
 * Token bucket: `rate` tokens a second, at most `rate` (one second's worth) in store. take()
 * reserves a token and says how long to wait for it (0: now); concurrent callers queue behind
 * each other because a reservation may drive the store below zero.
 */
export class TokenBucket {
  private tokens: number
  private last: number
  constructor(
    readonly rate: number,
    now: number = Date.now(),
  ) {
    this.tokens = rate
    this.last = now
  }
  /** Milliseconds until the reserved token is due, or null (nothing reserved) when that is over maxWaitMs. */
  take(maxWaitMs: number, now: number = Date.now()): number | null {
    this.tokens = Math.min(this.rate, this.tokens + ((now - this.last) / 1000) * this.rate)
    this.last = now
    const wait = this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rate) * 1000)
    if (wait > maxWaitMs) return null
    this.tokens -= 1
    return wait
  }
}

const keyOf = (t: SmtpTarget) =>
  typeof t === 'string'
    ? 'url:' + t
    : 'cfg:' +
      createHash('sha256')
        .update(JSON.stringify([t.host, t.port, t.secure, t.user ?? '', t.password ?? '', t.rateLimitPerSecond ?? 0]))
        .digest('base64url')

function pooled(target: SmtpTarget): Pooled {
  const all = (g.__smtpTransports ??= new Map())
  const key = keyOf(target)
  let p = all.get(key)
  if (!p) {
    // SMTP_POOL_CONNECTIONS: connections per pool (default 10; a relay may allow more, or fewer).
    const common = {
      pool: true,
      maxConnections: Number(process.env.SMTP_POOL_CONNECTIONS) || 10,
      maxMessages: 100,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    } as const
    const transport =
      typeof target === 'string'
        ? nodemailer.createTransport({ url: target, ...common })
        : nodemailer.createTransport({
            // A company's own server is a host a tenant chose: the outbound address rules apply.
            host: target.host,
            port: target.port,
            secure: target.secure,
            ...common,
            getSocket: checkedSmtpSocket,
            ...(target.user ? { auth: { user: target.user, pass: target.password ?? '' } } : {}),
          })
    const rate = typeof target === 'string' ? null : target.rateLimitPerSecond
    p = { transport, bucket: rate && rate > 0 ? new TokenBucket(rate) : null }
    all.set(key, p)
  }
  return p
}

/** The pooled transport of a configuration (one per distinct configuration). */
export function smtpTransport(target: SmtpTarget): Transporter {
  return pooled(target).transport
}

/**
 * The pool of an owner (a company's settings): when the owner's configuration differs from the
 * one it used before, the old pool is closed (its open connections finish their message).
 */
export function ownedTarget(owner: string, target: SmtpTarget): SmtpTarget {
  const owners = (g.__smtpOwners ??= new Map())
  const key = keyOf(target)
  const before = owners.get(owner)
  if (before !== key) {
    owners.set(owner, key)
    if (before && ![...owners.values()].includes(before)) {
      g.__smtpTransports?.get(before)?.transport.close()
      g.__smtpTransports?.delete(before)
    }
  }
  return target
}

/** Closes the pools (tests, shutdown). */
export function closeSmtpTransports(): void {
  const all = g.__smtpTransports
  g.__smtpTransports = undefined
  g.__smtpOwners = undefined
  for (const p of all?.values() ?? []) p.transport.close()
}

/** How long a send waits for the rate limit's next token before it is deferred instead ('retry'). */
export const RATE_LIMIT_MAX_WAIT_MS = 5_000

export type SmtpOutcome =
  | { kind: 'sent'; providerMessageId: string; response: string }
  /** Refused for good (a 5xx answer to the recipient or the message): a hard bounce. */
  | { kind: 'bounced'; error: string }
  /** Not accepted, and it may work later (4xx, no connection): safe to retry. */
  | { kind: 'retry'; error: string }
  /** Refused, but not because of the recipient (5xx to AUTH or MAIL FROM: the configuration). */
  | { kind: 'failed'; error: string }
  /** The server may have accepted it (the connection broke during or after DATA). */
  | { kind: 'unknown'; error: string }

interface SmtpError {
  message?: string
  code?: string
  command?: string
  responseCode?: number
  response?: string
}

export function classifySmtpError(e: unknown): SmtpOutcome {
  const err = (e ?? {}) as SmtpError
  const error = (err.response || err.message || String(e)).slice(0, 1000)
  const status = err.responseCode
  const command = (err.command ?? '').toUpperCase()
  if (typeof status === 'number' && status >= 500) {
    return /RCPT|DATA/.test(command) || err.code === 'EENVELOPE' || err.code === 'EMESSAGE'
      ? { kind: 'bounced', error }
      : { kind: 'failed', error }
  }
  if (typeof status === 'number' && status >= 400) return { kind: 'retry', error }
  // Nothing was handed over before the connection, TLS or login worked.
  if (['ECONNECTION', 'EDNS', 'ETLS', 'EAUTH', 'ECONNREFUSED'].includes(err.code ?? '') || command === 'CONN')
    return { kind: 'retry', error }
  return { kind: 'unknown', error }
}

export interface SmtpMessage {
  from: string
  to: string
  replyTo?: string
  subject: string
  html?: string
  /** The AMP for Email part (text/x-amp-html), sent between the text and the HTML fallback. */
  amp?: string
  text: string
  messageId: string
  headers: Record<string, string>
}

export interface DkimOptions {
  domainName: string
  keySelector: string
  privateKey: string
}

/** The SMTP pool behind a pooled nodemailer transport (its `transporter`), as far as sendRawPooled uses it. */
interface PoolTransporter {
  name?: string
  send(mail: unknown, callback: (err: Error | null, info?: { response?: string }) => void): unknown
}

/**
 * Hands a finished MIME source straight to the transport's connection pool, past nodemailer's
 * Mailer (plugins, composer, address parsing: a third of the CPU it spent per message here). The
 * pool gets what it reads of a message: the envelope, the Message-ID, and a fresh stream of the
 * source each time it asks (it asks again when a reused connection was closed before a byte was
 * sent). Returns null when the transport is not an SMTP pool (the caller then uses sendMail).
 */
function sendRawPooled(
  transport: Transporter,
  raw: Buffer,
  envelope: { from: string; to: string[] },
  messageId: string,
): Promise<{ response?: string }> | null {
  const pool = (transport as unknown as { transporter?: PoolTransporter }).transporter
  if (!pool || typeof pool.send !== 'function' || pool.name !== 'SMTP (pool)') return null
  const mail = {
    data: {},
    message: {
      getEnvelope: () => ({ from: envelope.from, to: [...envelope.to] }),
      messageId: () => messageId,
      getHeader: (key: string) => (key.toLowerCase() === 'message-id' ? messageId : undefined),
      createReadStream: () => Readable.from([raw], { objectMode: false }),
    },
  }
  return new Promise((resolve, reject) => pool.send(mail, (err, info) => (err ? reject(err) : resolve(info ?? {}))))
}

export async function sendSmtp(
  target: SmtpTarget,
  m: SmtpMessage,
  o: { dkim?: DkimOptions | null } = {},
): Promise<SmtpOutcome> {
  const p = pooled(target)
  if (p.bucket) {
    const wait = p.bucket.take(RATE_LIMIT_MAX_WAIT_MS)
    if (wait === null) return { kind: 'retry', error: `rate_limited: over ${p.bucket.rate} messages per second` }
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
  }
  try {
    // The whole source built at once (mime.ts); nodemailer's composer only for what that does not build.
    const raw = composeMime(m, { date: new Date(), boundaryKey: m.headers['X-Send-Id'] ?? m.messageId })
    const envelope = raw && { from: splitMailbox(m.from)![1], to: [splitMailbox(m.to)![1]] }
    if (raw && envelope && !o.dkim) {
      const info = await sendRawPooled(p.transport, raw, envelope, m.messageId)
      if (info) return { kind: 'sent', providerMessageId: m.messageId, response: String(info.response ?? '') }
    }
    const info = await p.transport.sendMail({
      ...(raw && envelope
        ? { raw, envelope, messageId: m.messageId }
        : {
            from: m.from,
            to: m.to,
            replyTo: m.replyTo,
            subject: m.subject,
            html: m.html,
            text: m.text,
            ...(m.amp ? { amp: m.amp } : {}),
            messageId: m.messageId,
            headers: m.headers,
          }),
      ...(o.dkim ? { dkim: o.dkim } : {}),
    })
    // A raw message carries its own Message-ID header (nodemailer does not read it back from the source).
    return {
      kind: 'sent',
      providerMessageId: raw ? m.messageId : String(info.messageId ?? m.messageId),
      response: String(info.response ?? ''),
    }
  } catch (e) {
    return classifySmtpError(e)
  }
}
