// "Check installation" on /wizard/web-tracking: where the onsite script has pinged from
// (OnsiteInstall, written by /onsite/ping), newest first, and the snippet to install.
import { db } from '@/lib/db/client'
import { appUrl } from '@/lib/config/app-url'
import { notFound } from '@/lib/errors/app-error'

export function onsiteSnippet(publicKey: string): string {
  return `<script async type="text/javascript" src="${appUrl()}/onsite/js/klaviyo.js?company_id=${encodeURIComponent(publicKey)}"></script>`
}

export async function getInstallStatus(companyId: number) {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { publicApiKey: true } })
  if (!company) throw notFound()
  const installs = await db.onsiteInstall.findMany({ where: { companyId }, orderBy: { lastSeenAt: 'desc' }, take: 20 })
  return {
    installed: installs.length > 0,
    publicKey: company.publicApiKey,
    snippet: onsiteSnippet(company.publicApiKey),
    installs: installs.map((i) => ({
      origin: i.origin,
      firstSeenAt: i.firstSeenAt.toISOString(),
      lastSeenAt: i.lastSeenAt.toISOString(),
      pings: i.pings,
    })),
  }
}
