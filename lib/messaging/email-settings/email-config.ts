// What the email channel needs of a company's settings at send time: the default sender and
// reply-to, the tracking switches, the company's own SMTP server (password opened from its
// sealed form) with its rate limit, and the DKIM keys of its sending domains. Read through a
// short per-process cache (CONFIG_TTL_MS), because the worker asks for every message; a save in
// this process clears it at once, other processes see it within the TTL.
import { db } from '@/lib/db/client'
import { openSecret } from '@/lib/crypto/secret-box'

export const SMTP_PASSWORD_PURPOSE = 'smtp-password'
export const DKIM_KEY_PURPOSE = 'dkim-key'
export const CONFIG_TTL_MS = 5_000

export interface CompanySmtp {
  host: string
  port: number
  secure: boolean
  user: string | null
  password: string | null
  /** Messages per second, or null for no limit. */
  rateLimitPerSecond: number | null
}

export interface DkimKey {
  domainName: string
  keySelector: string
  privateKey: string
}

export interface EmailConfig {
  fromEmail: string | null
  fromName: string | null
  replyTo: string | null
  openTracking: boolean
  clickTracking: boolean
  unsubscribeScope: 'all' | 'list'
  smtp: CompanySmtp | null
  /** By lower-case domain. */
  dkim: Map<string, DkimKey>
}

const g = globalThis as unknown as { __emailConfigCache?: Map<number, { at: number; value: Promise<EmailConfig> }> }
const cache = () => (g.__emailConfigCache ??= new Map())

async function loadEmailConfig(companyId: number): Promise<EmailConfig> {
  const [s, domains] = await Promise.all([
    db.emailSettings.findUnique({ where: { companyId } }),
    db.sendingDomain.findMany({ where: { companyId }, select: { domain: true, selector: true, privateKey: true } }),
  ])
  const dkim = new Map<string, DkimKey>()
  for (const d of domains) {
    const privateKey = openSecret(d.privateKey, DKIM_KEY_PURPOSE)
    if (privateKey) dkim.set(d.domain.toLowerCase(), { domainName: d.domain, keySelector: d.selector, privateKey })
  }
  return {
    fromEmail: s?.defaultFromEmail ?? null,
    fromName: s?.defaultFromName ?? null,
    replyTo: s?.replyTo ?? null,
    openTracking: s?.openTracking ?? true,
    clickTracking: s?.clickTracking ?? true,
    unsubscribeScope: s?.unsubscribeScope === 'list' ? 'list' : 'all',
    smtp:
      s?.smtpHost && s.smtpPort
        ? {
            host: s.smtpHost,
            port: s.smtpPort,
            secure: s.smtpSecure,
            user: s.smtpUser,
            password: openSecret(s.smtpPassword, SMTP_PASSWORD_PURPOSE),
            rateLimitPerSecond: s.rateLimitPerSecond,
          }
        : null,
    dkim,
  }
}

/** The company's email configuration (cached for CONFIG_TTL_MS in this process). */
export function getEmailConfig(companyId: number, now: number = Date.now()): Promise<EmailConfig> {
  const hit = cache().get(companyId)
  if (hit && now - hit.at < CONFIG_TTL_MS) return hit.value
  const value = loadEmailConfig(companyId)
  cache().set(companyId, { at: now, value })
  value.catch(() => cache().delete(companyId))
  return value
}

/** After a save: this process reads the new settings at once. */
export function forgetEmailConfig(companyId?: number): void {
  if (companyId === undefined) cache().clear()
  else cache().delete(companyId)
}
