/** @jest-environment node */
// The shape of lib/ (house style "Layout" and "The way data walks"; issue 30 code health):
// - engine folders never import the HTTP layer (lib/http) or Next.js, so the worker, scripts and
//   tests run them as they are;
// - the base layers (errors, config, text, db, flags, jobs, i18n, ids, crypto) are in no import
//   cycle between lib folders: everything may build on them, they build on nothing above;
// - the folders still caught in one import cycle are named below, and the list only shrinks: a
//   folder that joins the cycle fails this test.
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
/**
 * Folders still in the one remaining cycle (was all 26 before the error class and the app address
 * left lib/http; 23 before ingest and group entries handed their work to registered consumers
 * and api-keys, campaigns, messages and web-feeds lost their one edge back into it). What still
 * ties them: events -> profiles -> segments -> groups -> imports -> events (ingest upserts
 * profiles, consent re-evaluates segments, list imports ingest); the /api layer inside the domains (lib/catalog/api,
 * lib/flows/api-handlers) and the domains inside it; lib/http -> auth -> account; templates ->
 * catalog and coupons (pre-rendered blocks).
 * Issue 30 (cycle shrinking): mail left when the SMTP pools moved to lib/mail/smtp-pool.ts (account
 * mail no longer imports lib/messaging); account left when the time-zone list moved beside
 * zoned-time (lib/metrics/time-zones.ts: sign-up checks it) and countries and languages to
 * lib/i18n/regions.ts (country conditions read them); groups, imports, metrics and segments left
 * when the 'lists.export' job moved to lib/groups/jobs.ts, deleteMetric to lib/events (beside the
 * metric-id cache it clears) and the mapping of a figure (which may write the attribution
 * settings) to lib/attribution/update-mapped-metric.ts; api and coupons left when the /api layer
 * stopped importing the domains of the cycle (catalog's /api ids are lib/ids/catalog-api-id.ts, a
 * profile's push tokens lib/messaging/push/list-profile-push-tokens.ts): the domains' /api glue
 * builds on lib/api, one way; attribution, catalog, flows, reporting and templates left when the
 * flow values report took FLOW_SEND_SOURCE from lib/reporting, the catalog's back-in-stock-delay
 * and the catalog tags' pre-render (lib/catalog/catalog-prerender.ts) became registered (an action
 * executor, a render preparer of lib/messaging/render-preparers.ts), sending a template preview
 * moved to lib/messaging/send-template-preview.ts and enqueueJobOps to lib/jobs; messaging and
 * webhooks left when the message metrics' names moved to lib/metrics/message-metrics.ts (the
 * webhook topics read them) and a new webhook prepares the job queue through lib/jobs; auth and
 * http left when the request limits moved to lib/rate-limit and the cookie helpers to lib/text
 * (lib/http's wrappers build on lib/auth, one way).
 */
// integrations and oauth joined in issue 21 and left it the same day: the /api wrapper resolves
// Bearer tokens through lib/api-keys/resolve-bearer.ts (not lib/oauth, which builds on lib/http
// and lib/auth), and an email unsubscribe hands the Shopify consent write-back to a registered
// consumer (lib/messaging/unsubscribe/unsubscribe-consumers.ts) instead of importing it.
const KNOWN_CYCLE = ['events', 'profiles']

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

test('the base layers are in no cycle, and no other folder joins the known one', () => {
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
  expect([...cyclic].filter((c) => !KNOWN_CYCLE.includes(c)).sort()).toEqual([])
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
