// The server's pooled SMTP transports (nodemailer): one pool per sender configuration, the
// server's default (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://…:465) or a company's
// own server (/settings/email, lib/messaging/email-settings). A company whose configuration
// changes gets a new pool and its old one is closed. Each pool has a token bucket for the
// provider's rate limit (messages per second). It lives under lib/mail, below the send pipeline,
// because account mail (mailer.ts) uses the same pools and must not import lib/messaging (which
// imports lib/mail back: issue 30, the folder import cycle).
import { createHash } from 'node:crypto'
import nodemailer, { type Transporter } from 'nodemailer'
import { appUrl } from '@/lib/config/app-url'
import { checkedSmtpSocket } from '@/lib/net/checked-smtp-socket'

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

export interface Pooled {
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

/** The pool of a configuration, made on first use. */
export function pooled(target: SmtpTarget): Pooled {
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
