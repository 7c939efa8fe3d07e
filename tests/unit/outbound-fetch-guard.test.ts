/** @jest-environment node */
// Every HTTP request the server makes goes through lib/net/safe-fetch (issue 30 code health, "one
// guarded fetcher used by every outbound call"): it checks the address on the connection, limits
// the answer's bytes and has one deadline. A plain fetch() in server code skips all three (the SNS
// certificate and subscription calls did until issue 30's audit). Browser code (lib/client, 'use
// client' files, scripts served as text) calls its own origin and is not checked here.
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const ROOT = path.resolve(__dirname, '../..')
const SKIP_DIRS = new Set(['node_modules', 'generated', 'client'])

function serverFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name) && !(dir === path.join(ROOT, 'lib') && e.name === 'net')) serverFiles(p, out)
    } else if (/\.(ts|tsx|mts)$/.test(e.name) && !/\.d\.m?ts$/.test(e.name)) out.push(p)
  }
  return out
}

/** Lines of calls to the global fetch (fetch(…), globalThis.fetch(…)) in one source text. */
export function plainFetchCalls(file: string, text: string): number[] {
  if (/^\s*['"]use client['"]/.test(text)) return []
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const lines: number[] = []
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n)) {
      const e = n.expression
      const global =
        (ts.isIdentifier(e) && e.text === 'fetch') ||
        (ts.isPropertyAccessExpression(e) &&
          e.name.text === 'fetch' &&
          ts.isIdentifier(e.expression) &&
          e.expression.text === 'globalThis')
      if (global) lines.push(src.getLineAndCharacterOfPosition(n.getStart(src)).line + 1)
    }
    ts.forEachChild(n, visit)
  }
  visit(src)
  return lines
}

test('the check finds a plain fetch and passes safeFetch, a method named fetch and browser code', () => {
  expect(plainFetchCalls('a.ts', 'async function f(u) {\n  return await fetch(u)\n}')).toEqual([2])
  expect(plainFetchCalls('b.ts', 'globalThis.fetch("https://x")')).toEqual([1])
  expect(plainFetchCalls('c.ts', 'safeFetch(u, init); cache.fetch(k); const s = `fetch("/x")`')).toEqual([])
  expect(plainFetchCalls('d.tsx', "'use client'\nfetch('/ajax/x')")).toEqual([])
})

test('server code (lib, app) makes no outbound request except through lib/net/safe-fetch', () => {
  const files = [...serverFiles(path.join(ROOT, 'lib')), ...serverFiles(path.join(ROOT, 'app'))]
  expect(files.length).toBeGreaterThan(100)
  const found = files.flatMap((f) =>
    plainFetchCalls(f, fs.readFileSync(f, 'utf8')).map((line) => `${path.relative(ROOT, f)}:${line}`),
  )
  expect(found).toEqual([])
})
