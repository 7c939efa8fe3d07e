// Matching a pathname against the registry. The patterns are compiled once into a segment
// trie; at each segment a literal beats a parameter with a literal suffix (":flowId.json"),
// which beats a bare parameter, with backtracking, so '/lists/create' wins over
// '/list/:listId' shapes and '/flows/create' over any parameter route, regardless of the
// order of the registry.
import type { RouteDef, RouteMatch } from './types'
import { ROUTES } from './registry'
import { redirectFor } from './redirects'

export type Segment =
  { kind: 'literal'; value: string } | { kind: 'param'; name: string; optional: boolean; suffix: string }

const LITERAL = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/
const PARAM = /^:([A-Za-z][A-Za-z0-9_]*)(\?|\.[A-Za-z0-9]+)?$/

/** Parses a registry pattern; throws on anything the matcher would not understand. */
export function parsePattern(pattern: string): Segment[] {
  if (!pattern.startsWith('/') || pattern === '/' || pattern.endsWith('/'))
    throw new Error(`Bad route pattern: ${pattern}`)
  const names = new Set<string>()
  let sawOptional = false
  return pattern
    .slice(1)
    .split('/')
    .map((part): Segment => {
      const p = PARAM.exec(part)
      if (p) {
        const [, name, mod] = p
        if (names.has(name)) throw new Error(`Repeated parameter ${name} in ${pattern}`)
        names.add(name)
        const optional = mod === '?'
        if (sawOptional && !optional) throw new Error(`Optional parameters must be trailing: ${pattern}`)
        sawOptional ||= optional
        return { kind: 'param', name, optional, suffix: optional ? '' : (mod ?? '') }
      }
      if (!LITERAL.test(part) || sawOptional) throw new Error(`Bad segment "${part}" in ${pattern}`)
      return { kind: 'literal', value: part }
    })
}

/** The concrete segment lists a pattern stands for: one per number of optional parameters given. */
export function expandPattern(segments: Segment[]): Segment[][] {
  const firstOptional = segments.findIndex((s) => s.kind === 'param' && s.optional)
  if (firstOptional < 0) return [segments]
  const out: Segment[][] = []
  for (let n = firstOptional; n <= segments.length; n++) out.push(segments.slice(0, n))
  return out
}

/** A pattern's shapes ('/flow/:/edit', '/flow/:.json'): two routes with a common shape collide. */
export function patternShapes(pattern: string): string[] {
  return expandPattern(parsePattern(pattern)).map(
    (segs) => '/' + segs.map((s) => (s.kind === 'literal' ? s.value : ':' + s.suffix)).join('/'),
  )
}

interface Terminal {
  route: RouteDef
  segments: Segment[]
}
interface Node {
  literals: Map<string, Node>
  suffixed: { suffix: string; node: Node }[]
  param: Node | null
  terminal: Terminal | null
}

const newNode = (): Node => ({ literals: new Map(), suffixed: [], param: null, terminal: null })

function compile(routes: readonly RouteDef[]): Node {
  const root = newNode()
  for (const route of routes) {
    for (const segments of expandPattern(parsePattern(route.path))) {
      let node = root
      for (const s of segments) {
        if (s.kind === 'literal') {
          let next = node.literals.get(s.value)
          if (!next) node.literals.set(s.value, (next = newNode()))
          node = next
        } else if (s.suffix) {
          let entry = node.suffixed.find((e) => e.suffix === s.suffix)
          if (!entry) {
            node.suffixed.push((entry = { suffix: s.suffix, node: newNode() }))
            node.suffixed.sort((a, b) => b.suffix.length - a.suffix.length)
          }
          node = entry.node
        } else {
          node = node.param ??= newNode()
        }
      }
      // The first registration wins; duplicates are caught by the registry test.
      node.terminal ??= { route, segments }
    }
  }
  return root
}

let trie: Node | null = null

function walk(node: Node, segs: string[], i: number, values: string[]): Terminal | null {
  if (i === segs.length) return node.terminal
  const seg = segs[i]
  const lit = node.literals.get(seg)
  if (lit) {
    const found = walk(lit, segs, i + 1, values)
    if (found) return found
  }
  for (const { suffix, node: next } of node.suffixed) {
    if (seg.length > suffix.length && seg.endsWith(suffix)) {
      values[i] = seg.slice(0, -suffix.length)
      const found = walk(next, segs, i + 1, values)
      if (found) return found
    }
  }
  if (node.param) {
    values[i] = seg
    return walk(node.param, segs, i + 1, values)
  }
  return null
}

/** Splits and decodes a pathname; null when it cannot name a route (empty or malformed segment). */
function segmentsOf(pathname: string): string[] | null {
  let path = pathname.split(/[?#]/, 1)[0]
  if (!path.startsWith('/')) return null
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  if (path === '/') return []
  const out: string[] = []
  for (const raw of path.slice(1).split('/')) {
    if (!raw) return null
    try {
      out.push(decodeURIComponent(raw))
    } catch {
      return null
    }
  }
  return out
}

export function matchRoute(pathname: string): RouteMatch | null {
  const segs = segmentsOf(pathname)
  if (!segs) return null
  trie ??= compile(ROUTES)
  const values: string[] = []
  const found = walk(trie, segs, 0, values)
  if (!found) return null
  const params: Record<string, string> = {}
  found.segments.forEach((s, i) => {
    if (s.kind === 'param') params[s.name] = values[i]
  })
  return { route: found.route, params }
}

/** True for a path the app serves: a registered route or a fixed redirect source. */
export function isRegisteredPath(pathname: string): boolean {
  return matchRoute(pathname) !== null || redirectFor(pathname.split(/[?#]/, 1)[0]) !== null
}
