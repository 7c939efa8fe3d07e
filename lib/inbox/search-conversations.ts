// The conversations a search names: those of profiles whose name, email or phone contains the
// text, and those with a customer or team message containing it (case-insensitive substring,
// notes left out). The substring test is answered from trigram indexes kept by triggers (the
// inbox_search migrations): FTS5 with the trigram tokenizer on SQLite, pg_trgm GIN indexes on
// PostgreSQL. A LIKE over every row took 255 ms over 100,000 conversations.
//
// null means "no index answer": text shorter than a trigram, or a broad search (more than
// MAX_IDS matches in a table). The list then tests rows while it walks in order, which finds a
// page of a broad search quickly.
import { sql, type RawBuilder } from 'kysely'
import { read, select } from '@/lib/db/ops'
import { kysely } from '@/lib/db/kysely'
import { dbEngine } from '@/lib/db/client'
import { escapeLike } from '@/lib/db/dialect'

const MAX_IDS = 500
const MIN_CHARS = 3

/**
 * The text as one FTS5 phrase: inside double quotes every character is literal (operators such
 * as OR, NOT, -, *, ^, :, parentheses), and a quote is doubled. With the trigram tokenizer a
 * phrase matches as a substring.
 */
export const ftsPhrase = (text: string): string => '"' + text.replace(/"/g, '""') + '"'

function sqliteQueries(companyId: number, text: string, limit: number) {
  const phrase = ftsPhrase(text)
  const profiles = sql<{ id: number }>`
    select c."id" as "id" from "ConversationProfileSearch" s
    join "Conversation" c on c."id" = s.rowid
    where s."ConversationProfileSearch" match ${phrase} and c."companyId" = ${companyId}
    limit ${limit}`
  const messages = sql<{ id: number }>`
    select distinct m."conversationId" as "id" from "ConversationMessageSearch" s
    join "ConversationMessage" m on m."id" = s.rowid
    where s."ConversationMessageSearch" match ${phrase} and m."companyId" = ${companyId} and m."kind" != 'note'
    limit ${limit}`
  return [profiles, messages]
}

function postgresQueries(companyId: number, text: string, limit: number) {
  // lower() on both sides: the GIN indexes are on lower(...) (an expression Prisma's diff ignores).
  const pattern = '%' + escapeLike(text.toLowerCase()) + '%'
  const profiles = sql<{ id: number }>`
    select c."id" as "id" from "ConversationProfileSearch" s
    join "Conversation" c on c."id" = s."conversationId"
    where lower(s."text") like ${pattern} escape '\\' and c."companyId" = ${companyId}
    limit ${limit}`
  const messages = sql<{ id: number }>`
    select distinct m."conversationId" as "id" from "ConversationMessage" m
    where lower(m."body") like ${pattern} escape '\\' and m."companyId" = ${companyId} and m."kind" != 'note'
    limit ${limit}`
  return [profiles, messages]
}

export async function searchConversationIds(companyId: number, text: string): Promise<number[] | null> {
  if ([...text].length < MIN_CHARS) return null
  const queries: RawBuilder<{ id: number }>[] =
    dbEngine() === 'postgresql'
      ? postgresQueries(companyId, text, MAX_IDS + 1)
      : sqliteQueries(companyId, text, MAX_IDS + 1)
  const ids = new Set<number>()
  for (const q of queries) {
    const rows = await read(select(q.compile(kysely())))
    if (rows.length > MAX_IDS) return null
    for (const r of rows) ids.add(Number(r.id))
  }
  return [...ids]
}
