// The click redirect of a tracked email adds `_kx={exchange token}` to links into the company's
// own website (Company.websiteUrl, its host or a subdomain of it), so the onsite script on that
// page identifies the reader. Links to other sites never carry it: the token would tell a third
// party who clicked.
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { signExchangeToken } from './exchange-token'

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '')

/** Whether `url` points into the site at `websiteUrl` (same host, or a subdomain of it). */
export function isOwnWebsite(url: string, websiteUrl: string | null | undefined): boolean {
  if (!websiteUrl) return false
  try {
    const site = bareHost(new URL(/^https?:\/\//i.test(websiteUrl) ? websiteUrl : `https://${websiteUrl}`).hostname)
    const dest = bareHost(new URL(url).hostname)
    return !!site && (dest === site || dest.endsWith('.' + site))
  } catch {
    return false
  }
}

/** `url` with `_kx` set, keeping its fragment last. */
export function withExchangeParam(url: string, token: string): string {
  const u = new URL(url)
  u.searchParams.set('_kx', token)
  return u.toString()
}

/** The redirect target of a click on a tracked link of send `sendId`: `_kx` added for own-site links. */
export async function identifyingDestination(companyId: number, sendId: string, url: string): Promise<string> {
  const row = await read(
    selectFirst(
      kysely()
        .selectFrom('Send')
        .innerJoin('Company', 'Company.id', 'Send.companyId')
        .select(['Send.profileId', 'Company.websiteUrl'])
        .where('Send.companyId', '=', companyId)
        .where('Send.id', '=', sendId),
    ),
  )
  if (!row?.profileId || !isOwnWebsite(url, row.websiteUrl)) return url
  return withExchangeParam(url, signExchangeToken({ companyId, profileId: String(row.profileId) }))
}
