// Writes lib/http/route-methods.json: every route file under app/ (URL pattern → the HTTP
// methods it exports) and every page ("page": the gate only needs to know a page wins there). The request gate reads it to answer a method a route does not serve
// with 405 and an Allow header before Next.js does (Next answers an empty 405 without Allow,
// and a 500 for methods fetch cannot represent such as TRACE). A test fails when it is stale:
// run `node scripts/generate-route-methods.mjs` after adding or changing a route.
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
const EXPORT = /^export\s+(?:const|(?:async\s+)?function)\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/gm

function routeFiles(dir) {
  const out = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...routeFiles(p))
    else if (/^(?:route|page)\.(?:ts|tsx|js|mjs)$/.test(e.name)) out.push(p)
  }
  return out
}

/** The URL pattern of a route file: route groups "(name)" and private folders leave the URL. */
function patternOf(file) {
  const segments = path.relative(path.join(root, 'app'), path.dirname(file)).split(path.sep).filter(Boolean)
  return '/' + segments.filter((s) => !/^\(.*\)$/.test(s) && !s.startsWith('@')).join('/')
}

export function routeMethodsTable() {
  const table = {}
  for (const file of routeFiles(path.join(root, 'app')).sort()) {
    if (path.basename(file).startsWith('page.')) {
      table[patternOf(file)] = 'page'
      continue
    }
    const text = fs.readFileSync(file, 'utf8')
    const found = new Set([...text.matchAll(EXPORT)].map((m) => m[1]))
    table[patternOf(file)] = METHODS.filter((m) => found.has(m))
  }
  return table
}

/** One route a line, so a new route is a one-line diff. */
export function formatTable(table) {
  const lines = Object.entries(table).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`)
  return `{\n${lines.join(',\n')}\n}\n`
}

export const TABLE_FILE = path.join(root, 'lib/http/route-methods.json')

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const table = routeMethodsTable()
  const text = formatTable(table)
  // Unchanged content is not rewritten: npm start fingerprints the sources by mtime.
  const current = fs.existsSync(TABLE_FILE) ? fs.readFileSync(TABLE_FILE, 'utf8') : null
  if (current !== text) {
    fs.writeFileSync(TABLE_FILE, text)
    console.log(`${Object.keys(table).length} routes written to ${path.relative(root, TABLE_FILE)}`)
  }
}
