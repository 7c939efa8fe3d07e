// The onsite script's install ping (once per browser session): one OnsiteInstall row per company
// and store origin, counted, for /wizard/web-tracking's "check installation".
import { sql } from 'kysely'
import { exec, inWriteTx } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'

/** scheme://host[:port] of an Origin header, else null (absent, "null", or not http(s)). */
export function pingOrigin(header: string | null): string | null {
  if (!header || header.length > 300) return null
  try {
    const u = new URL(header)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null
  } catch {
    return null
  }
}

export async function recordPing(companyId: number, origin: string, now = new Date()): Promise<void> {
  await inWriteTx(function* () {
    yield* exec(
      kysely()
        .insertInto('OnsiteInstall')
        .values({ companyId, origin, firstSeenAt: now, lastSeenAt: now, pings: 1 })
        .onConflict((oc) =>
          oc.columns(['companyId', 'origin']).doUpdateSet({ lastSeenAt: now, pings: sql`"OnsiteInstall"."pings" + 1` }),
        ),
    )
  })
}
