// A real failure on demand, on either engine: a trigger that refuses INSERTs into a table
// (optionally only rows whose column equals a value) with an error message of the test's
// choosing. SQLite: RAISE(ABORT) in a trigger created on the app's own connection, so its cached
// statements see the new schema at once; PostgreSQL: a plpgsql trigger function that raises.
// Names, tables and values are the tests' own constants, never user input.
import { databaseConfig } from '@/lib/db/client'
import { pgPool } from '@/lib/db/pg-pool'
import { sqlite } from '@/lib/db/sqlite'

export interface Refusal {
  /** The trigger's name (an identifier). */
  name: string
  /** SQLite table name and PostgreSQL table (schema-qualified where needed), each already quoted as needed. */
  table: { sqlite: string; postgres: string }
  message: string
  /** Only rows whose column (quoted identifier, the same on both engines) equals this text. */
  when?: { column: string; equals: string }
}

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`

export async function refuseInserts(r: Refusal): Promise<void> {
  const cfg = databaseConfig()
  if (cfg.provider === 'sqlite') {
    const when = r.when ? ` WHEN NEW.${r.when.column} = ${literal(r.when.equals)}` : ''
    sqlite().exec(
      `CREATE TRIGGER ${r.name} BEFORE INSERT ON ${r.table.sqlite}${when} BEGIN SELECT RAISE(ABORT, ${literal(r.message)}); END`,
    )
    return
  }
  const cond = r.when ? `NEW.${r.when.column} = ${literal(r.when.equals)}` : 'true'
  await pgPool(cfg.url).query(`
    CREATE OR REPLACE FUNCTION public.${r.name}_fn() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF ${cond} THEN RAISE EXCEPTION USING MESSAGE = ${literal(r.message)}; END IF;
      RETURN NEW;
    END $fn$;
    CREATE TRIGGER ${r.name} BEFORE INSERT ON ${r.table.postgres} FOR EACH ROW EXECUTE FUNCTION public.${r.name}_fn();`)
}

export async function allowInserts(r: Pick<Refusal, 'name' | 'table'>): Promise<void> {
  const cfg = databaseConfig()
  if (cfg.provider === 'sqlite') {
    sqlite().exec(`DROP TRIGGER IF EXISTS ${r.name}`)
    return
  }
  await pgPool(cfg.url).query(
    `DROP TRIGGER IF EXISTS ${r.name} ON ${r.table.postgres}; DROP FUNCTION IF EXISTS public.${r.name}_fn()`,
  )
}
