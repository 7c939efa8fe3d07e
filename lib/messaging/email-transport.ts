// SMTP delivery of the send pipeline: hands a finished message to the pooled transport of its
// sender configuration (lib/mail/smtp-pool.ts: the server's SMTP_URL or a company's own server)
// and classifies the answer. With no SMTP configured, mail goes to the local outbox
// (lib/mail/outbox-mail.ts) instead, marked as not delivered.
import { Readable } from 'node:stream'
import type { Transporter } from 'nodemailer'
import { pooled, type SmtpTarget } from '@/lib/mail/smtp-pool'
import { composeMime, splitMailbox } from './mime'

// The pools moved to lib/mail (account mail shares them); their callers here keep this address.
export {
  closeSmtpTransports,
  defaultFrom,
  defaultSmtpUrl,
  ownedTarget,
  smtpTransport,
  TokenBucket,
  type SmtpTarget,
} from '@/lib/mail/smtp-pool'

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
