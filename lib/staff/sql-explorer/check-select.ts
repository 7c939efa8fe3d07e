// The SQL explorer's parse check, before anything reaches a database: one statement (a trailing
// semicolon at most), a SELECT or a WITH … SELECT, no keyword that writes, changes the schema,
// controls transactions or reads settings, no schema-qualified name (main., public., pg_catalog …)
// that would go around the account's CTEs, and no table but the allowed ones. The read-only
// connection and the CTEs are the lock; this check is the clear error message in front of it.
import { allowedTable } from './allowed-tables'

export type Token = { kind: 'word' | 'quoted' | 'string' | 'number' | 'punct'; text: string; value: string }

export class SqlCheckError extends Error {}

const MAX_SQL = 20_000

const FORBIDDEN = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'upsert',
  'create',
  'drop',
  'alter',
  'truncate',
  'attach',
  'detach',
  'pragma',
  'vacuum',
  'reindex',
  'analyze',
  'analyse',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'grant',
  'revoke',
  'copy',
  'set',
  'reset',
  'lock',
  'listen',
  'notify',
  'call',
  'do',
  'execute',
  'prepare',
  'deallocate',
  'load_extension',
  'into',
  'returning',
  'checkpoint',
  'cluster',
  'discard',
  'refresh',
  'security',
  'comment',
  'import',
  'dblink',
  'lo_import',
  'lo_export',
  'pg_read_file',
  'pg_sleep',
  'pg_terminate_backend',
  'set_config',
  'current_setting',
  'nextval',
  'setval',
  'randomblob',
  'zeroblob',
  'for',
  // PostgreSQL functions that run a query given as text, around the CTEs.
  'ts_stat',
  'ts_rewrite',
  'crosstab',
])

/** Names that reach the database around the CTEs or into its catalogue. */
function forbiddenName(v: string): boolean {
  return (
    ['main', 'temp', 'temporary', 'public', 'information_schema', 'sqlite_master', 'sqlite_schema'].includes(v) ||
    v.startsWith('sqlite_') ||
    v.startsWith('pragma_') ||
    v.startsWith('pg_') ||
    v.startsWith('_prisma') ||
    v.startsWith('lo_') ||
    // PostgreSQL's query_to_xml and friends run SQL given as a string, around every check here.
    v.includes('xml')
  )
}

export function tokenize(sql: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < sql.length) {
    const c = sql[i]!
    if (/\s/.test(c)) {
      i++
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2)
      if (end < 0) throw new SqlCheckError('A comment is not closed.')
      i = end + 2
    } else if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c
      let j = i + 1
      let value = ''
      for (;;) {
        if (j >= sql.length) throw new SqlCheckError('A quoted string or name is not closed.')
        if (sql[j] === close) {
          if (close !== ']' && sql[j + 1] === close) {
            value += close
            j += 2
            continue
          }
          break
        }
        value += sql[j++]
      }
      out.push({ kind: c === "'" ? 'string' : 'quoted', text: sql.slice(i, j + 1), value })
      i = j + 1
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1
      while (j < sql.length && /[A-Za-z0-9_$]/.test(sql[j]!)) j++
      const text = sql.slice(i, j)
      out.push({ kind: 'word', text, value: text.toLowerCase() })
      i = j
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) {
      let j = i + 1
      while (j < sql.length && /[0-9.eE]/.test(sql[j]!)) j++
      out.push({ kind: 'number', text: sql.slice(i, j), value: sql.slice(i, j) })
      i = j
    } else if (c === '$' || c === '?' || c === ':' || c === '@') {
      // Dollar quoting and parameters have no place in a typed-in query.
      if (c === ':' && sql[i + 1] === ':') {
        out.push({ kind: 'punct', text: '::', value: '::' })
        i += 2
      } else throw new SqlCheckError(`"${c}" is not allowed here.`)
    } else {
      out.push({ kind: 'punct', text: c, value: c })
      i++
    }
  }
  return out
}

export interface CheckedSelect {
  /** The query without a trailing semicolon. */
  sql: string
  /** The allowed tables it names (real spelling): the CTEs to put in front of it. */
  tables: string[]
  /**
   * Each allowed table as PostgreSQL resolves the name written (unquoted: folded to lower case;
   * quoted: as is) → its real name: one CTE per spelling there, as a CTE named "Profile" does not
   * shadow an unquoted profile. SQLite matches names without case and needs one per table.
   */
  spellings: Record<string, string>
  /** The query's own WITH list, if any: ours go first in the same list. */
  startsWithWith: boolean
  recursive: boolean
}

/** knownTables: every table of the database, so one that is not allowed is refused wherever it is named. */
export function checkSelect(input: string, knownTables: Iterable<string> = []): CheckedSelect {
  const known = new Set([...knownTables].map((n) => n.toLowerCase()))
  let sql = input.trim()
  if (!sql) throw new SqlCheckError('Enter a query.')
  if (sql.length > MAX_SQL) throw new SqlCheckError(`A query has at most ${MAX_SQL} characters.`)
  const tokens = tokenize(sql)
  const semis = tokens.filter((t) => t.kind === 'punct' && t.value === ';')
  if (semis.length > 1 || (semis.length === 1 && tokens[tokens.length - 1]!.value !== ';'))
    throw new SqlCheckError('Only one statement can run: remove the semicolons between statements.')
  if (semis.length) {
    tokens.pop()
    sql = sql.replace(/;\s*$/, '')
  }
  const first = tokens[0]
  if (!first || first.kind !== 'word' || (first.value !== 'select' && first.value !== 'with'))
    throw new SqlCheckError('Only SELECT queries can run.')
  const tables = new Set<string>()
  const spellings: Record<string, string> = {}
  const note = (t: Token) => {
    const real = allowedTable(t.value)
    if (real) {
      tables.add(real)
      spellings[t.value] = real
    }
    return real
  }
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.kind !== 'word' && t.kind !== 'quoted') continue
    const v = t.kind === 'quoted' ? t.value.toLowerCase() : t.value
    if (t.kind === 'word' && FORBIDDEN.has(v)) throw new SqlCheckError(`"${t.text}" is not allowed: queries only read.`)
    if (forbiddenName(v))
      throw new SqlCheckError(`"${t.value}" cannot be named: only the account's tables can be read.`)
    if (known.has(v) && !allowedTable(v))
      throw new SqlCheckError(`The table "${t.value}" is not available in the explorer.`)
    // A name right after FROM or JOIN, or after a comma in a FROM list, is a table (or a CTE of the query).
    const prev = tokens[k - 1]
    if (prev && prev.kind === 'word' && (prev.value === 'from' || prev.value === 'join')) {
      const real = note(t)
      if (!real && !isOwnCte(tokens, t.value) && tokens[k + 1]?.value !== '(')
        throw new SqlCheckError(`The table "${t.value}" is not available in the explorer.`)
    } else note(t)
  }
  return {
    sql,
    tables: [...tables].sort(),
    spellings,
    startsWithWith: first.value === 'with',
    recursive: first.value === 'with' && tokens[1]?.value === 'recursive',
  }
}

/** Whether the query defines a CTE of that name (name AS ( … )). */
function isOwnCte(tokens: Token[], name: string): boolean {
  const lower = name.toLowerCase()
  return tokens.some(
    (t, k) =>
      (t.kind === 'word' || t.kind === 'quoted') &&
      (t.kind === 'quoted' ? t.value.toLowerCase() : t.value) === lower &&
      (tokens[k + 1]?.value === 'as' || tokens[k + 1]?.value === '('),
  )
}
