/** @jest-environment node */
// Docs are read by people who never saw how the work was split (issue 30 code health: "docs without
// internal work-stream codes"). Codes such as "K2", "(C3)", "F1's templates", "ws-2" or "stream B"
// named the session that built a part; the docs name the module or say what it is instead.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../..')

// Letter-digit tokens that are real names, not work codes.
const ALLOWED = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'S3', 'V8'])
const CODE = /\b[A-Z][0-9]{1,2}\b|\bws-?[0-9]+\b|\bwork[- ]?streams?\b|\bstream [A-Z]\b/gi

function trackedMarkdown(): string[] {
  const out = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  return out.split('\n').filter((f) => f && !f.startsWith('node_modules/') && fs.existsSync(path.join(ROOT, f)))
}

function codesIn(text: string): string[] {
  const found: string[] = []
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(CODE)) {
      // Case-insensitive for "ws-2" and "stream B"; a letter-digit code must be upper case ("p99" is a figure).
      if (/^[a-z][0-9]/.test(m[0]) || ALLOWED.has(m[0])) continue
      found.push(`${i + 1}: ${m[0]}`)
    }
  })
  return found
}

describe('docs in plain words', () => {
  it('finds a work code in a sample line and passes plain ones', () => {
    expect(codesIn("## K2 — reactions\nthe routes with K1's ids\nsee work streams\nstream B\nws-2")).toEqual([
      '1: K2',
      '2: K1',
      '3: work streams',
      '4: stream B',
      '5: ws-2',
    ])
    expect(codesIn('p99 72 ms, an <h1>, S3 storage, the V8 heap, 1,835/s')).toEqual([])
  })

  it('no tracked Markdown file names an internal work-stream code', () => {
    const files = trackedMarkdown()
    expect(files.length).toBeGreaterThan(10)
    const offenders = files.flatMap((f) =>
      codesIn(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((hit) => `${f}:${hit}`),
    )
    expect(offenders).toEqual([])
  })
})
