/** @jest-environment node */
// Issue 28 §1: the contract. Every operation of the vendor's OpenAPI document in a family we
// claim is served: called with a valid key and placeholder ids, it must reach a handler of its
// own, not the catch-all's "no endpoint" 404 nor a 405 for a method the route does not have. Any
// other answer below 500 (a 404 for the placeholder id, a 400 for the empty body) passes: the behaviour
// of each operation is tested beside it (the SDK tests), this test keeps the surface complete.
// The operations come from tests/fixtures/openapi-operations.json, extracted from the document.
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
jest.setTimeout(120_000)

import OPENAPI from '../fixtures/openapi-operations.json'
import { resetRateLimits } from '@/lib/api/rate-limit'
import { makeCompany } from '../helpers/factory'
import { apiRequest, makeApiKey } from '../helpers/route-server'
import { APP_ROUTES, dispatchApp } from '../helpers/app-routes'

interface Operation {
  method: string
  path: string
  operationId: string
  tag: string
}

/** Families with issues of their own (custom objects, conversations); reviews are served since issue 24. */
const OTHER_ISSUES = new Set(['Custom Objects', 'Conversations'])
/** Operations of claimed tags that belong to those same issues. */
const OTHER_ISSUE_OPERATIONS: Record<string, string> = {
  get_conversation_for_profile: 'conversations issue',
  get_conversation_id_for_profile: 'conversations issue',
  get_conversations_for_profile: 'conversations issue',
  get_conversation_ids_for_profile: 'conversations issue',
}

/**
 * Operations of claimed families not served yet, each with its reason. Keep it short and
 * explicit: an entry here is a known gap, and an entry for an operation that is served fails
 * the test, so the list cannot go stale.
 */
const PENDING: Record<string, string> = {}

const operations = (OPENAPI as { operations: Operation[] }).operations
const claimed = operations.filter((o) => !OTHER_ISSUES.has(o.tag) && !(o.operationId in OTHER_ISSUE_OPERATIONS))

let key: string
let publicKey: string

beforeAll(async () => {
  const c = await makeCompany('Contract')
  key = await makeApiKey(c.id)
  publicKey = c.publicApiKey
})

/** What the placeholder call reached: 'served', or why it did not. */
async function reach(op: Operation): Promise<string> {
  resetRateLimits()
  let path = op.path.replace(/\{[^}]+\}/g, 'placeholder-id')
  if (path.startsWith('/client/')) path += `?company_id=${publicKey}`
  const body = op.method === 'GET' ? undefined : {}
  // The route Next.js would pick (APP_ROUTES is in its order): a catch-all means none of its own.
  const route = APP_ROUTES.find((r) => r.re.test(path.split('?')[0]!))
  if (!route || route.pattern.includes('[[...'))
    return `no route (${route ? route.pattern + ' answers' : 'nothing matches'})`
  const res = await dispatchApp(apiRequest(op.method, path, { key, body }))
  const text = await res.text()
  // Placeholder ids and an empty body are bad input: a 5xx here is a defect of its own.
  if (res.status >= 500) return `${res.status}: ${text.slice(0, 200)}`
  if (res.status === 405) return '405: the route has no such method'
  if (res.status === 404 && text.includes('There is no endpoint')) return '404 from the catch-all: no route'
  return 'served'
}

test(`every operation of the claimed families reaches its own handler (${claimed.length} of ${operations.length})`, async () => {
  const missing: string[] = []
  const stale: string[] = []
  for (const op of claimed) {
    const outcome = await reach(op)
    const label = `${op.method} ${op.path} (${op.operationId})`
    if (outcome !== 'served' && !(op.operationId in PENDING)) missing.push(`${label}: ${outcome}`)
    if (outcome === 'served' && op.operationId in PENDING) stale.push(`${label} is served: remove it from PENDING`)
  }
  expect(missing).toEqual([])
  expect(stale).toEqual([])
})

test('the exclusions name real operations', () => {
  const ids = new Set(operations.map((o) => o.operationId))
  for (const id of [...Object.keys(OTHER_ISSUE_OPERATIONS), ...Object.keys(PENDING)])
    expect(ids.has(id) ? id : `unknown ${id}`).toBe(id)
})
