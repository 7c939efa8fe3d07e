// The vendor's browser API on window.klaviyo, and the queues pages fill before the script loads:
//   window.klaviyo = window.klaviyo || []; klaviyo.push(['identify', {...}])
//   window._learnq = window._learnq || []; _learnq.push(['track', 'Viewed Product', {...}])
//   the vendor's snippet proxy: window._klOnsite.push([method, ...args, callback])
// Every method answers a promise, as the vendor's do; queued calls run in the order they were made.
import type { Core } from './context'
import { rememberViewedItem, type ViewedItem } from './viewed-items'

export interface KlaviyoApi {
  identify(properties: Record<string, unknown>, callback?: (r: unknown) => void): Promise<Record<string, unknown>>
  track(metric: string, properties?: Record<string, unknown>, callback?: (r: unknown) => void): Promise<boolean>
  trackViewedItem(item: ViewedItem, callback?: (r: unknown) => void): Promise<void>
  isIdentified(callback?: (r: unknown) => void): Promise<boolean>
  account(id?: string, callback?: (r: unknown) => void): Promise<string>
  openForm(formId: string, callback?: (r: unknown) => void): Promise<void>
  push(...items: unknown[]): number
}

type Forms = { openForm(formId: string): void }

export function makeApi(core: Core, forms: () => Forms | null): KlaviyoApi {
  const api: KlaviyoApi = {
    async identify(properties) {
      await core.identify(properties && typeof properties === 'object' ? properties : {})
      const i = core.identity()
      return { $email: i.email, $phone_number: i.phoneNumber, $id: i.externalId }
    },
    async track(metric, properties) {
      if (!core.mayTrack() || typeof metric !== 'string' || !metric) return false
      await core.track(metric, properties && typeof properties === 'object' ? properties : {})
      return true
    },
    async trackViewedItem(item) {
      if (core.mayTrack()) rememberViewedItem(item, core.now())
    },
    async isIdentified() {
      return core.isIdentified()
    },
    // The script serves one company (its company_id); another account id from the page is ignored.
    async account() {
      return core.companyId
    },
    async openForm(formId) {
      forms()?.openForm(String(formId))
    },
    push(...items) {
      for (const item of items) void run(item)
      return 0
    },
  }

  async function run(item: unknown): Promise<unknown> {
    if (typeof item === 'function') return (item as () => unknown)()
    if (!Array.isArray(item) || typeof item[0] !== 'string') return undefined
    const [method, ...args] = item as [string, ...unknown[]]
    const callback = typeof args[args.length - 1] === 'function' ? (args.pop() as (r: unknown) => void) : undefined
    let result: unknown
    if (method === 'consent') core.setConsent(args[0] !== false)
    else if (method === 'identify') result = await api.identify(args[0] as Record<string, unknown>)
    else if (method === 'track') result = await api.track(args[0] as string, args[1] as Record<string, unknown>)
    else if (method === 'trackViewedItem') result = await api.trackViewedItem(args[0] as ViewedItem)
    else if (method === 'isIdentified') result = await api.isIdentified()
    else if (method === 'account') result = await api.account()
    else if (method === 'openForm') result = await api.openForm(args[0] as string)
    if (callback) callback(result)
    return result
  }

  return Object.assign(api, { run })
}

/** Replays what was queued before load, in order, one call finishing before the next starts. */
export async function replay(api: KlaviyoApi, queues: unknown[][]): Promise<void> {
  const run = (api as KlaviyoApi & { run(item: unknown): Promise<unknown> }).run
  for (const queue of queues)
    for (const item of queue) {
      try {
        await run(item)
      } catch {
        /* one bad call must not stop the others */
      }
    }
}
