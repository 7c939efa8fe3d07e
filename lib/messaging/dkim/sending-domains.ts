// A company's sending domains (/settings/account/domains): add one (its DKIM key generated here,
// the private key sealed with secret-box), list them with the DNS records to publish, check the
// records in DNS (node:dns TXT lookups; DNS_SERVERS, comma-separated ip[:port], picks the
// resolver), and delete one. Every query is scoped by companyId.
import { Resolver } from 'node:dns/promises'
import { z } from 'zod'
import { db } from '@/lib/db/client'
import { sealSecret } from '@/lib/crypto/secret-box'
import { AppError, notFound } from '@/lib/errors/app-error'
import { defaultSmtpUrl } from '../email-transport'
import { DKIM_KEY_PURPOSE, forgetEmailConfig } from '../email-settings/email-config'
import { dkimRecordValue, dnsRecords, generateDkimKey, parseTags, type DnsRecordKind } from './dkim-key'

const DOMAIN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])$/

export const addDomainBody = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .transform((d) => d.replace(/\.$/, ''))
    .refine((d) => DOMAIN.test(d), 'Enter a domain such as mail.example.com (no http://, no @).'),
})

export const MAX_DOMAINS = 20

/** The SPF include to suggest: SPF_INCLUDE, else the company's SMTP host, else SMTP_URL's host. */
async function spfInclude(companyId: number): Promise<string | null> {
  if (process.env.SPF_INCLUDE?.trim()) return process.env.SPF_INCLUDE.trim()
  const s = await db.emailSettings.findUnique({ where: { companyId }, select: { smtpHost: true } })
  const host =
    s?.smtpHost ??
    (() => {
      try {
        return new URL(defaultSmtpUrl() ?? '').hostname
      } catch {
        return null
      }
    })()
  return host && !/^[\d.]+$/.test(host) && host !== 'localhost' ? host : null
}

type DomainRow = {
  id: number
  domain: string
  selector: string
  publicKey: string
  verified: boolean
  lastCheckAt: Date | null
  lastCheck: string | null
  createdAt: Date
}

function view(d: DomainRow, include: string | null) {
  let lastCheck: Record<string, CheckResult> | null = null
  try {
    lastCheck = d.lastCheck ? JSON.parse(d.lastCheck) : null
  } catch {}
  return {
    id: d.id,
    domain: d.domain,
    selector: d.selector,
    verified: d.verified,
    lastCheckAt: d.lastCheckAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    records: dnsRecords(d, include).map((r) => ({
      ...r,
      status: lastCheck?.[r.kind]?.status ?? 'unchecked',
      found: lastCheck?.[r.kind]?.found ?? [],
    })),
  }
}
export type SendingDomainView = ReturnType<typeof view>

const SELECT = {
  id: true,
  domain: true,
  selector: true,
  publicKey: true,
  verified: true,
  lastCheckAt: true,
  lastCheck: true,
  createdAt: true,
} as const

export async function listSendingDomains(companyId: number): Promise<SendingDomainView[]> {
  const [rows, include] = await Promise.all([
    db.sendingDomain.findMany({ where: { companyId }, select: SELECT, orderBy: { domain: 'asc' } }),
    spfInclude(companyId),
  ])
  return rows.map((d) => view(d, include))
}

export async function addSendingDomain(
  companyId: number,
  domain: string,
  now: Date = new Date(),
): Promise<SendingDomainView> {
  const existing = await db.sendingDomain.findMany({ where: { companyId }, select: { domain: true } })
  if (existing.some((d) => d.domain === domain))
    throw new AppError('invalid', 400, 'Please correct the highlighted fields.', {
      domain: ['This domain is already added.'],
    })
  if (existing.length >= MAX_DOMAINS)
    throw new AppError('invalid', 400, 'Please correct the highlighted fields.', {
      domain: [`An account can have at most ${MAX_DOMAINS} sending domains.`],
    })
  const key = generateDkimKey(now)
  try {
    const row = await db.sendingDomain.create({
      data: {
        companyId,
        domain,
        selector: key.selector,
        publicKey: key.publicKey,
        privateKey: sealSecret(key.privateKey, DKIM_KEY_PURPOSE),
      },
      select: SELECT,
    })
    forgetEmailConfig(companyId)
    return view(row, await spfInclude(companyId))
  } catch (e) {
    if ((e as { code?: string }).code === 'P2002')
      throw new AppError('invalid', 400, 'Please correct the highlighted fields.', {
        domain: ['This domain is already added.'],
      })
    throw e
  }
}

export async function deleteSendingDomain(companyId: number, id: number): Promise<void> {
  const n = await db.sendingDomain.deleteMany({ where: { companyId, id } })
  if (!n.count) throw notFound('No such sending domain.')
  forgetEmailConfig(companyId)
}

export interface CheckResult {
  status: 'ok' | 'missing' | 'mismatch' | 'error'
  found: string[]
}

function resolver(): Resolver {
  const r = new Resolver({ timeout: 3000, tries: 2 })
  const servers = process.env.DNS_SERVERS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (servers?.length) r.setServers(servers)
  return r
}

async function txt(r: Resolver, name: string): Promise<{ records: string[]; error?: string }> {
  try {
    return { records: (await r.resolveTxt(name)).map((chunks) => chunks.join('')) }
  } catch (e) {
    const code = (e as { code?: string }).code
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { records: [] }
    return { records: [], error: code ?? String(e) }
  }
}

/** Looks the domain's three records up; the domain counts as verified when its DKIM key is published. */
export async function checkSendingDomain(
  companyId: number,
  id: number,
  now: Date = new Date(),
): Promise<SendingDomainView> {
  const d = await db.sendingDomain.findFirst({ where: { companyId, id }, select: SELECT })
  if (!d) throw notFound('No such sending domain.')
  const r = resolver()
  const [dkim, spf, dmarc] = await Promise.all([
    txt(r, `${d.selector}._domainkey.${d.domain}`),
    txt(r, d.domain),
    txt(r, `_dmarc.${d.domain}`),
  ])
  const judge = (
    res: { records: string[]; error?: string },
    relevant: (v: string) => boolean,
    right: (v: string) => boolean,
  ): CheckResult => {
    const found = res.records.filter(relevant)
    if (res.error && !found.length) return { status: 'error', found: [] }
    if (!found.length) return { status: 'missing', found }
    return { status: found.some(right) ? 'ok' : 'mismatch', found }
  }
  const want = parseTags(dkimRecordValue(d.publicKey)).p
  const result: Record<DnsRecordKind, CheckResult> = {
    dkim: judge(
      dkim,
      (v) => /(^|;)\s*(v=DKIM1|p=)/i.test(v),
      (v) => parseTags(v).p === want,
    ),
    spf: judge(
      spf,
      (v) => /^v=spf1\b/i.test(v.trim()),
      () => true,
    ),
    dmarc: judge(
      dmarc,
      (v) => /^v=DMARC1\b/i.test(v.trim()),
      (v) => ['none', 'quarantine', 'reject'].includes(parseTags(v).p ?? ''),
    ),
  }
  const row = await db.sendingDomain.update({
    where: { id: d.id, companyId },
    data: { verified: result.dkim.status === 'ok', lastCheckAt: now, lastCheck: JSON.stringify(result) },
    select: SELECT,
  })
  return view(row, await spfInclude(companyId))
}
