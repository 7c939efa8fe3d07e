// Server side of /downloads: the company's time zone for the dates, and the type filter.
import { getCurrentPrincipal } from '@/lib/server/current-principal'
import { isValidTimeZone } from '@/lib/metrics/zoned-time'
import { DownloadsScreen } from './downloads-screen'

export async function DownloadsView({ type }: { type?: string }) {
  const p = await getCurrentPrincipal()
  if (!p) return null
  const timeZone = isValidTimeZone(p.company.timezone) ? p.company.timezone : 'UTC'
  // Only a well-formed type reaches the query; anything else shows every download.
  const downloadType = type && /^[a-z_]{1,40}$/.test(type) ? type : undefined
  return <DownloadsScreen timeZone={timeZone} downloadType={downloadType} />
}
