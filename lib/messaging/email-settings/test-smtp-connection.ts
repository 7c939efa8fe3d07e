// The "Test connection" button of /settings/email: connects to the SMTP server of the form (not
// yet saved, the saved password when the field is left empty), greets it, starts TLS when asked
// and logs in, then hangs up. Nothing is sent.
import nodemailer from 'nodemailer'
import { db } from '@/lib/db/client'
import { AppError } from '@/lib/http/app-error'
import { openSecret } from '@/lib/crypto/secret-box'
import { SMTP_PASSWORD_PURPOSE } from './email-config'
import type { EmailSettingsInput } from './email-settings'

export interface SmtpTestResult {
  ok: boolean
  message: string
}

export async function testSmtpConnection(companyId: number, v: EmailSettingsInput, timeoutMs = 10_000): Promise<SmtpTestResult> {
  if (!v.smtpHost || v.smtpPort === null) {
    throw new AppError('invalid', 400, 'Please correct the highlighted fields.', { smtpHost: ['Enter the SMTP server to test.'] })
  }
  let password = v.clearSmtpPassword ? '' : v.smtpPassword ?? ''
  if (!password && !v.clearSmtpPassword) {
    const saved = await db.emailSettings.findUnique({ where: { companyId }, select: { smtpPassword: true } })
    password = openSecret(saved?.smtpPassword, SMTP_PASSWORD_PURPOSE) ?? ''
  }
  const t = nodemailer.createTransport({
    host: v.smtpHost, port: v.smtpPort, secure: v.smtpSecure,
    connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs,
    ...(v.smtpUser ? { auth: { user: v.smtpUser, pass: password } } : {}),
  })
  try {
    await t.verify()
    return { ok: true, message: `Connected to ${v.smtpHost}:${v.smtpPort}${v.smtpUser ? ' and signed in' : ''}.` }
  } catch (e) {
    const err = e as { code?: string; response?: string; message?: string }
    const detail = (err.response || err.message || String(e)).slice(0, 300)
    return { ok: false, message: `${err.code ? err.code + ': ' : ''}${detail}` }
  } finally {
    t.close()
  }
}
