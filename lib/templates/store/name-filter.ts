// A case-insensitive "name contains" for Prisma on both engines: SQLite's LIKE already ignores
// case (ASCII), PostgreSQL needs mode 'insensitive', which SQLite's client does not accept.
import { dbEngine } from '@/lib/db/client'

export function containsText(text: string): { contains: string; mode?: 'insensitive' } {
  return dbEngine() === 'postgresql' ? { contains: text, mode: 'insensitive' } : { contains: text }
}
