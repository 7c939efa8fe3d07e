// SQLite: the query runs in a child process on a read-only better-sqlite3 handle (query_only on
// top), so a query that runs too long is stopped by killing the process: better-sqlite3 runs a
// statement to its end in C, and a thread cannot be interrupted there.
import { spawn } from 'node:child_process'
import { SqlCheckError } from './check-select'

export class QueryTimeout extends Error {}

export interface QueryResult {
  columns: string[]
  rows: unknown[][]
}

const CHILD = `
const Database = require('better-sqlite3')
let input = ''
process.stdin.on('data', (c) => (input += c)).on('end', () => {
  const { file, sql, cap } = JSON.parse(input)
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true })
    db.pragma('query_only = ON')
    const st = db.prepare(sql)
    if (!st.reader || !st.readonly) throw new Error('Only SELECT queries can run.')
    const columns = st.columns().map((c) => c.name)
    st.raw(true)
    const rows = []
    for (const r of st.iterate()) {
      rows.push(r.map((v) => (Buffer.isBuffer(v) ? '<' + v.length + ' bytes>' : typeof v === 'bigint' ? String(v) : v)))
      if (rows.length > cap) break
    }
    process.stdout.write(JSON.stringify({ columns, rows }))
  } catch (e) {
    process.stdout.write(JSON.stringify({ error: String(e && e.message ? e.message : e) }))
  }
})
`

export function runSqliteQuery(file: string, sql: string, cap: number, timeoutMs: number): Promise<QueryResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'pipe'] })
    let out = ''
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
    child.on('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
    child.on('close', () => {
      clearTimeout(timer)
      if (timedOut) return reject(new QueryTimeout(`The query ran longer than ${timeoutMs} ms and was stopped.`))
      try {
        const r = JSON.parse(out) as QueryResult & { error?: string }
        if (r.error) reject(new SqlCheckError(r.error))
        else resolve(r)
      } catch {
        reject(new Error('The query process ended without an answer.'))
      }
    })
    child.stdin.end(JSON.stringify({ file, sql, cap }))
  })
}
