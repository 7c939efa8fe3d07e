// The search box of the member screens: a case-insensitive "contains" over email, phone number
// and full name of the Profile row `p` (the same on SQLite and PostgreSQL; the text is bound,
// % and _ match literally).
import { sql, type Expression, type SqlBool } from 'kysely'
import { containsInsensitive } from '@/lib/db/dialect'

export function memberSearch(text: string): Expression<SqlBool> {
  const fullName = sql`(coalesce(${sql.ref('p.firstName')}, '') || ' ' || coalesce(${sql.ref('p.lastName')}, ''))`
  return sql<SqlBool>`(${containsInsensitive(sql.ref('p.email'), text)} or ${containsInsensitive(sql.ref('p.phoneNumber'), text)} or ${containsInsensitive(fullName, text)})`
}
