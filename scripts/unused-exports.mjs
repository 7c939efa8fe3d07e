#!/usr/bin/env node
// Lists the exports of lib/ and components/ that no other file imports (issue 30, code health).
// It reads every source file's syntax with the TypeScript compiler API (no type check, so it takes
// seconds): named imports, `import * as ns` (then `ns.name`), `export … from`, dynamic
// `import('…')` with a destructuring or `.name`, and jest.mock. A module read whole (`import *`
// passed on, `export *`, a dynamic import kept in a variable) counts as using every export.
// Usage: node scripts/unused-exports.mjs [--all] [--tests]
//   default: dead code, exports no file imports and their own file does not use either
//   --all: also exports used only inside their own file (the `export` could go)
//   --tests: also exports only tests import
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const SKIP = new Set(['node_modules', 'generated', 'coverage', 'playwright-report', 'test-results'])
const SKIP_AT_ROOT = new Set(['data']) // the app's data directory (app/ajax/data is code)
const EXT = ['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs', '.cts']
const listTests = process.argv.includes('--tests')
const listAll = process.argv.includes('--all')

function walk(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name) || e.name.startsWith('.') || (dir === ROOT && SKIP_AT_ROOT.has(e.name))) continue
    const p = path.join(dir, e.name)
    if (e.isDirectory()) walk(p, out)
    else if (EXT.some((x) => e.name.endsWith(x)) && !/\.d\.m?ts$/.test(e.name)) out.push(p)
  }
  return out
}

function resolve(from, spec) {
  let base
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2))
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec)
  else return null
  const tries = [base, ...EXT.map((x) => base + x), ...EXT.map((x) => path.join(base, 'index' + x))]
  if (/\.m?js$/.test(base)) tries.push(base.replace(/\.m?js$/, '.ts'), base.replace(/\.m?js$/, '.mts'))
  return tries.find((t) => fs.existsSync(t) && fs.statSync(t).isFile()) ?? null
}

const files = walk(ROOT)
const exportsOf = new Map() // file → Map(name → line)
const used = new Map() // file → Set(name | '*') with the importing files
const isTest = (f) => path.relative(ROOT, f).startsWith('tests' + path.sep)
const markUsed = (file, name, by) => {
  if (!file) return
  if (!used.has(file)) used.set(file, new Map())
  const m = used.get(file)
  if (!m.has(name)) m.set(name, new Set())
  m.get(name).add(by)
}

for (const file of files) {
  const text = fs.readFileSync(file, 'utf8')
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const exp = new Map()
  const nsNames = new Map() // local namespace name → module file
  const line = (n) => sf.getLineAndCharacterOfPosition(n.getStart()).line + 1
  const has = (n, k) => ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === k)

  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolve(file, node.moduleSpecifier.text)
      const c = node.importClause
      if (c?.name) markUsed(target, 'default', file)
      if (c?.namedBindings && ts.isNamedImports(c.namedBindings))
        for (const el of c.namedBindings.elements) markUsed(target, (el.propertyName ?? el.name).text, file)
      if (c?.namedBindings && ts.isNamespaceImport(c.namedBindings)) nsNames.set(c.namedBindings.name.text, target)
    } else if (ts.isExportDeclaration(node)) {
      const target =
        node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
          ? resolve(file, node.moduleSpecifier.text)
          : null
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const el of node.exportClause.elements) {
          if (target) markUsed(target, (el.propertyName ?? el.name).text, file)
          exp.set(el.name.text, line(el))
        }
      } else if (target) markUsed(target, '*', file)
    } else if (ts.isExportAssignment(node)) exp.set('default', line(node))
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const target = resolve(file, node.arguments[0].text)
      // const { a, b } = await import('x')  |  (await import('x')).a  |  anything else: all of it
      let p = node.parent
      if (p && ts.isAwaitExpression(p)) p = p.parent
      while (p && ts.isParenthesizedExpression(p)) p = p.parent
      if (p && ts.isVariableDeclaration(p) && ts.isObjectBindingPattern(p.name)) {
        for (const el of p.name.elements) markUsed(target, (el.propertyName ?? el.name).getText(sf), file)
      } else if (p && ts.isPropertyAccessExpression(p)) markUsed(target, p.name.text, file)
      else markUsed(target, '*', file)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.getText(sf) === 'jest.mock' &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      markUsed(resolve(file, node.arguments[0].text), '*', file)
    } else if (has(node, ts.SyntaxKind.ExportKeyword)) {
      const isDefault = has(node, ts.SyntaxKind.DefaultKeyword)
      if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) exp.set(d.name.text, line(d))
          else
            for (const el of d.name.elements ?? [])
              if (el.name && ts.isIdentifier(el.name)) exp.set(el.name.text, line(el))
        }
      } else if (node.name && !isDefault) exp.set(node.name.text, line(node))
      else if (isDefault) exp.set('default', line(node))
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && nsNames.has(node.expression.text)) {
      markUsed(nsNames.get(node.expression.text), node.name.text, file)
    } else if (
      ts.isIdentifier(node) &&
      nsNames.has(node.text) &&
      !ts.isPropertyAccessExpression(node.parent) &&
      !ts.isNamespaceImport(node.parent)
    ) {
      markUsed(nsNames.get(node.text), '*', file) // the namespace passed on whole (a route table, a spread)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  exportsOf.set(file, exp)
}

const candidates = files.filter((f) => /^(lib|components)\//.test(path.relative(ROOT, f)))
const rows = []
for (const file of candidates) {
  const u = used.get(file) ?? new Map()
  if (u.has('*')) continue
  const text = fs.readFileSync(file, 'utf8')
  for (const [name, ln] of exportsOf.get(file)) {
    const by = [...(u.get(name) ?? [])].filter((f) => f !== file)
    const rel = `${path.relative(ROOT, file)}:${ln} ${name}`
    const inOwnFile =
      (text.match(new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g')) ?? []).length > 1
    if (!by.length && (listAll || !inOwnFile)) rows.push(inOwnFile ? `${rel}  (used in its own file)` : rel)
    else if (listTests && by.every(isTest))
      rows.push(`${rel}  (tests only: ${by.map((f) => path.relative(ROOT, f)).join(', ')})`)
  }
}
console.log(rows.sort().join('\n'))
console.error(`${rows.length} export(s)`)
