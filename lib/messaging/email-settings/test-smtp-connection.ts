// The "Test connection" button of /settings/email: connects to the SMTP server of the form (not
// yet saved, the saved password when the field is left empty), greets it, starts TLS when asked
// and logs in, then hangs up. Nothing is sent.
//
// It must not work as a port scanner: the host gets the outbound address rules (public
// addresses only, checked on the connection; SMTP_ALLOW_PRIVATE=1 for a local relay), and every
// failure but a refused sign-in reads the same, whether the port was closed, filtered, or open
// to something that is not an SMTP server. The server's own words (its banner, its replies)
// are never repeated.
import nodemailer from 'nodemailer'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/errors/app-error'
import { openSecret } from '@/lib/crypto/secret-box'
import { checkedSmtpSocket } from '@/lib/net/checked-smtp-socket'
import { OutboundError } from '@/lib/net/safe-fetch'
import { SMTP_PASSWORD_PURPOSE } from './email-config'
import type { EmailSettingsInput } from './email-settings'

export interface SmtpTestResult {
  ok: boolean
  message: string
}

export const SMTP_UNREACHABLE =
  'The SMTP server could not be reached, or did not answer as an SMTP server. Check the host, port and security setting.'
export const SMTP_PRIVATE = 'The SMTP server is on a private network address, which this server does not connect to.'
export const SMTP_SIGN_IN_REFUSED = 'The SMTP server refused the user name or password (invalid credentials).'

export async function testSmtpConnection(
  companyId: number,
  v: EmailSettingsInput,
  timeoutMs = 10_000,
): Promise<SmtpTestResult> {
  if (!v.smtpHost || v.smtpPort === null) {
    throw new AppError('invalid', 400, 'Please correct the highlighted fields.', {
      smtpHost: ['Enter the SMTP server to test.'],
    })
  }
  let password = v.clearSmtpPassword ? '' : (v.smtpPassword ?? '')
  if (!password && !v.clearSmtpPassword) {
    const saved = await db.emailSettings.findUnique({ where: { companyId }, select: { smtpPassword: true } })
    password = openSecret(saved?.smtpPassword, SMTP_PASSWORD_PURPOSE) ?? ''
  }
  const t = nodemailer.createTransport({
    host: v.smtpHost,
    port: v.smtpPort,
    secure: v.smtpSecure,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    getSocket: checkedSmtpSocket,
    ...(v.smtpUser ? { auth: { user: v.smtpUser, pass: password } } : {}),
  })
  const started = Date.now()
  try {
    await t.verify()
    return { ok: true, message: `Connected to ${v.smtpHost}:${v.smtpPort}${v.smtpUser ? ' and signed in' : ''}.` }
  } catch (e) {
    const err = e as { code?: string }
    if (err.code === 'EAUTH') return { ok: false, message: SMTP_SIGN_IN_REFUSED }
    // Decided from DNS alone, before any connection: it says nothing about a port.
    if (e instanceof OutboundError && e.kind === 'blocked') return { ok: false, message: SMTP_PRIVATE }
    // A refused port answers at once, a filtered one only at the timeout: answering no sooner
    // than a second in every case keeps the time from telling them apart as easily.
    const wait = Math.min(1000, timeoutMs) - (Date.now() - started)
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    return { ok: false, message: SMTP_UNREACHABLE }
  } finally {
    t.close()
  }
}
