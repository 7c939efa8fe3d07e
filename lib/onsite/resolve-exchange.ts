// `_kx` on /client/profiles: the exchange token of a tracked email link names the profile the
// browser belongs to. A token of another company, a forged one, or one naming a deleted profile
// identifies nobody (ignored, like the vendor's unknown exchange ids), never an error the page sees.
import { kysely } from '@/lib/db/kysely'
import { read, selectFirst } from '@/lib/db/ops'
import { verifyExchangeToken } from './exchange-token'

export async function resolveExchangeToken(companyId: number, kx: string | null | undefined): Promise<string | null> {
  const t = verifyExchangeToken(kx)
  if (!t || t.companyId !== companyId) return null
  const row = await read(
    selectFirst(
      kysely().selectFrom('Profile').select('id').where('companyId', '=', companyId).where('id', '=', t.profileId),
    ),
  )
  return row ? String(row.id) : null
}
