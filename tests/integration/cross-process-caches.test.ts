/** @jest-environment node */
// Per-process caches are short-lived: a feature flag changed through one process is seen by
// another process within FLAG_CACHE_MS (README, Architecture), and by the changing process at once.
import { spawn, type ChildProcess } from 'node:child_process'
import { useTestDatabase } from '../helpers/test-db'
useTestDatabase()
import { makeCompany } from '../helpers/factory'
import { FLAG_CACHE_MS, isFlagOn, setFeatureFlag } from '@/lib/flags/get-feature-flags'

type Seen = { on: boolean; at: number }
let child: ChildProcess | undefined
afterEach(() => {
  child?.stdin?.end()
  child?.kill()
})

function reader(companyId: number, flag: string) {
  const seen: Seen[] = []
  // node --import tsx: the worker itself is the child (tsx's launcher would leave it running when the launcher is killed)
  child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/flag-reader-child.mts'], {
    env: { ...process.env, COMPANY_ID: String(companyId), FLAG: flag },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let buf = ''
  child.stdout!.on('data', (d: Buffer) => {
    buf += d.toString()
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      seen.push(JSON.parse(buf.slice(0, i)) as Seen)
      buf = buf.slice(i + 1)
    }
  })
  const until = async (pred: () => boolean, ms: number) => {
    for (const end = Date.now() + ms; !pred() && Date.now() < end;) await new Promise((r) => setTimeout(r, 20))
    return pred()
  }
  return { seen, until }
}

test('a flag turned on and off through this process is seen by another process within FLAG_CACHE_MS', async () => {
  const companyId = (await makeCompany()).id
  const r = reader(companyId, 'amp')
  expect(await r.until(() => r.seen.length > 0, 60_000)).toBe(true)
  expect(r.seen[0]!.on).toBe(false)
  // The child has the value cached since its first line; change it here (at any moment of the
  // cache's life: the bound below holds from the change, whenever the child cached it).
  for (const want of [true, false]) {
    const changedAt = Date.now()
    await setFeatureFlag(companyId, 'amp', want)
    expect(await isFlagOn(companyId, 'amp')).toBe(want) // this process: at once
    expect(await r.until(() => r.seen.at(-1)!.on === want, FLAG_CACHE_MS + 3_000)).toBe(true)
    // Within the cache time (plus the child's 25 ms polling and a scheduling margin).
    expect(r.seen.at(-1)!.at - changedAt).toBeLessThanOrEqual(FLAG_CACHE_MS + 500)
  }
}, 120_000)
