// The conversations a search names: those of profiles whose name, email or phone contains the
// text, and those with a customer or team message containing it. A substring match reads every
// row either way, so it is done once per table (profiles, messages) rather than once per
// conversation walked in list order, which took 0.8 s over 100,000 conversations when few
// matched. A broad search (more than MAX_IDS matches in a table) returns null: walking the list
// in order then finds its page of matches quickly.
import { sql } from 'kysely'
import { read, select } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { containsInsensitive } from '@/lib/db/dialect'

const MAX_IDS = 500
const CHUNK = 500

export async function searchConversationIds(companyId: number, text: string): Promise<number[] | null> {
  const db = kysely()
  const name = sql`coalesce(${sql.ref('firstName')}, '') || ' ' || coalesce(${sql.ref('lastName')}, '')`
  const profiles = await read(
    select(
      db
        .selectFrom('Profile')
        .select('id')
        .where('companyId', '=', companyId)
        .where((eb) =>
          eb.or([
            containsInsensitive(sql.ref('email'), text),
            containsInsensitive(sql.ref('phoneNumber'), text),
            containsInsensitive(name, text),
          ]),
        )
        .limit(MAX_IDS + 1),
    ),
  )
  if (profiles.length > MAX_IDS) return null
  const messages = await read(
    select(
      db
        .selectFrom('ConversationMessage')
        .select('conversationId')
        .distinct()
        .where('companyId', '=', companyId)
        .where('kind', '!=', 'note')
        .where(containsInsensitive(sql.ref('body'), text))
        .limit(MAX_IDS + 1),
    ),
  )
  if (messages.length > MAX_IDS) return null
  const ids = new Set(messages.map((m) => m.conversationId))
  const profileIds = profiles.map((p) => p.id)
  for (let i = 0; i < profileIds.length; i += CHUNK) {
    const rows = await read(
      select(
        db
          .selectFrom('Conversation')
          .select('id')
          .where('companyId', '=', companyId)
          .where('profileId', 'in', profileIds.slice(i, i + CHUNK)),
      ),
    )
    for (const r of rows) ids.add(r.id)
  }
  return [...ids]
}
