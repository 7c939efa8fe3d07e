// The inputs and the answer of the form targeting engine. Pure data: the onsite script (browser
// bundle) and the scenario tests share it, so nothing here may touch the DOM, Prisma or next/*.

/** One trigger of a Version (the vendor's trigger objects: a `type` and its `properties`). */
export interface FormTrigger {
  type: string
  properties?: Record<string, unknown> | null
}

/** What the page knows about this page view and this visitor. */
export interface PageState {
  url: string
  /** window.innerWidth */
  deviceWidth: number
  /** When this page view started (epoch ms), for the delay trigger. */
  loadedAt: number
  /** 0..100 */
  scrollPercent: number
  /** Page views in this browser so far, this one included. */
  pageViews: number
  exitIntent: boolean
  identified: boolean
  /** ISO 3166 alpha-2 from the payload, null when the server did not know it. */
  country: string | null
  /** Booleans the server computed for this visitor and form (never memberships). */
  audience?: { lists_and_segments?: boolean }
}

/** This browser's history with one form (epoch ms). */
export interface FormHistory {
  closedAt?: number
  submittedAt?: number
}

export type WaitEvent = 'exit_intent' | 'scroll'

export type TargetingDecision =
  | { kind: 'show' }
  /** Re-evaluate at untilMs (if set) or when one of the events happens. */
  | { kind: 'wait'; untilMs?: number; events: WaitEvent[] }
  | { kind: 'never' }

export interface TargetingInput {
  triggers: readonly FormTrigger[]
  /** The Version's properties.rule_based_trigger_evaluation: how the behaviour triggers combine. */
  evaluation?: 'any' | 'all' | null
  page: PageState
  history: FormHistory
  now: number
}
