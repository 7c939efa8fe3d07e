/** @jest-environment node */
// The shape of lib/ (house style "Layout" and "The way data walks"; issue 30 code health):
// - engine folders never import the HTTP layer (lib/http) or Next.js, so the worker, scripts and
//   tests run them as they are;
// - the base layers (errors, config, text, db, flags, jobs, i18n, ids, crypto) are in no import
//   cycle between lib folders: everything may build on them, they build on nothing above;
// - no lib folder is in an import cycle with others (there was one, of 26 folders, until issue 30).
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../..')
const LIB = path.join(ROOT, 'lib')

const ENGINE_FOLDERS = [
  'lib/flows/engine',
  'lib/segments',
  'lib/events',
  'lib/messaging',
  'lib/campaigns/send',
  'lib/attribution',
  'lib/jobs',
  'lib/metrics',
  'lib/reporting',
  'lib/templates',
  'lib/db',
  'lib/profiles',
  'lib/webhooks',
  'lib/errors',
  'lib/config',
  'lib/text',
]
const BASE_LAYERS = ['errors', 'config', 'text', 'db', 'flags', 'jobs', 'i18n', 'ids', 'crypto']
/*
 * No lib folder is in an import cycle (issue 30 code health). There was one of 26 folders; it
 * shrank as shared helpers moved down to the folder that owns them or to a base layer, /api glue
 * stopped being imported back by the layer it builds on, and reactions became registered
 * consumers filled by lib/server/consumers.ts: ingest's batch consumers, group entries, email
 * unsubscribes (the Shopify consent write-back), the catalog's back-in-stock-delay executor, the
 * catalog tags' pre-render (lib/messaging/render-preparers.ts) and the 'Merged Profile' event of
 * a profile merge (lib/profiles/merge-consumers.ts). The last cuts, in order: mail (SMTP pools in
 * lib/mail), account (time zones in lib/metrics, countries in lib/i18n), groups, imports, metrics
 * and segments, api and coupons, attribution, catalog, flows, reporting and templates, messaging
 * and webhooks (message metric names in lib/metrics), auth and http (request limits in
 * lib/rate-limit, cookies in lib/text), events and profiles. A folder that closes a cycle now
 * fails this test: depend one way, or hand the work to a registered consumer.
 */

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? files(p) : /\.(ts|tsx)$/.test(e.name) ? [p] : []
  })
}

interface Imp {
  spec: string
  typeOnly: boolean
}
function importsOf(file: string): Imp[] {
  const src = fs.readFileSync(file, 'utf8')
  return [...src.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g)].map(
    (m) => ({ spec: m[2]!, typeOnly: !!m[1] }),
  )
}

/** The lib folder an import points at (null outside lib/). */
function targetFolder(file: string, spec: string): string | null {
  if (spec.startsWith('@/lib/')) return spec.split('/')[2]!
  if (!spec.startsWith('.')) return null
  const rel = path.relative(LIB, path.resolve(path.dirname(file), spec))
  return rel.startsWith('..') ? null : rel.split(path.sep)[0]!
}

test('engine folders import neither lib/http nor Next.js', () => {
  const offenders: string[] = []
  for (const folder of ENGINE_FOLDERS) {
    for (const f of files(path.join(ROOT, folder))) {
      for (const { spec } of importsOf(f)) {
        if (
          spec.startsWith('@/lib/http/') ||
          spec === 'next' ||
          spec.startsWith('next/') ||
          targetFolder(f, spec) === 'http'
        ) {
          offenders.push(`${path.relative(ROOT, f)} → ${spec}`)
        }
      }
    }
  }
  expect(offenders).toEqual([])
})

test('no lib folder is in an import cycle', () => {
  const adj = new Map<string, Set<string>>()
  for (const f of files(LIB)) {
    const from = path.relative(LIB, f).split(path.sep)[0]!
    for (const { spec, typeOnly } of importsOf(f)) {
      const to = targetFolder(f, spec)
      if (typeOnly || !to || to === from) continue
      ;(adj.get(from) ?? adj.set(from, new Set()).get(from)!).add(to)
    }
  }
  // Tarjan's strongly connected components.
  let index = 0
  const stack: string[] = []
  const onStack = new Set<string>()
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const cyclic = new Set<string>()
  const visit = (v: string) => {
    idx.set(v, index)
    low.set(v, index)
    index++
    stack.push(v)
    onStack.add(v)
    for (const w of adj.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        comp.push(w)
      } while (w !== v)
      if (comp.length > 1) for (const c of comp) cyclic.add(c)
    }
  }
  for (const v of adj.keys()) if (!idx.has(v)) visit(v)
  expect([...cyclic].filter((c) => BASE_LAYERS.includes(c))).toEqual([])
  expect([...cyclic].sort()).toEqual([])
})

test('ingest and the membership writer hand their work to registered consumers, importing none of them', () => {
  // House style "The way data walks": lib/events/batch-consumers.ts and
  // lib/segments/group-entry-consumers.ts are filled by lib/server/consumers.ts at start-up.
  const forbidden: Record<string, string[]> = {
    events: ['flows', 'segments', 'attribution'],
    segments: ['flows'],
    attribution: ['flows'],
  }
  const offenders: string[] = []
  for (const [from, targets] of Object.entries(forbidden)) {
    for (const f of files(path.join(LIB, from))) {
      for (const { spec, typeOnly } of importsOf(f)) {
        const to = targetFolder(f, spec)
        if (!typeOnly && to && targets.includes(to)) offenders.push(`${path.relative(ROOT, f)} → ${spec}`)
      }
    }
  }
  expect(offenders).toEqual([])
})

test('the flow engine, its triggers, campaigns and the catalog take no domain rule from lib/flows/ajax', () => {
  // Holdout (lib/flows/engine/holdout.ts), schedule occurrences (lib/flows/triggers/
  // schedule-occurrences.ts), the catalog triggers' metrics (lib/flows/triggers/
  // catalog-trigger-metrics.ts) and the A/B significance tests (lib/experiments) left the /ajax layer.
  const offenders: string[] = []
  for (const folder of ['lib/flows/engine', 'lib/flows/triggers', 'lib/campaigns', 'lib/catalog']) {
    for (const f of files(path.join(ROOT, folder))) {
      for (const { spec } of importsOf(f)) {
        const abs = spec.startsWith('@/')
          ? path.join(ROOT, spec.slice(2))
          : spec.startsWith('.')
            ? path.resolve(path.dirname(f), spec)
            : ''
        if (abs.startsWith(path.join(LIB, 'flows', 'ajax') + path.sep))
          offenders.push(`${path.relative(ROOT, f)} → ${spec}`)
      }
    }
  }
  expect(offenders).toEqual([])
})

test('the base layers import nothing from the HTTP layer or the domains', () => {
  const offenders: string[] = []
  for (const layer of ['errors', 'config', 'text']) {
    const dir = path.join(LIB, layer)
    if (!fs.existsSync(dir)) continue
    for (const f of files(dir))
      for (const { spec } of importsOf(f)) {
        const to = targetFolder(f, spec)
        if (to && to !== layer && !['errors', 'config', 'text'].includes(to))
          offenders.push(`${path.relative(ROOT, f)} → ${spec}`)
      }
  }
  expect(offenders).toEqual([])
})
