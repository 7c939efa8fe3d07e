// Decides whether a form shows on this page view: show now, wait (until a time or an event), or
// never. Audience and frequency triggers are filters that must all pass; the behaviour triggers
// (delay, exit intent, scroll, page visits) combine by the Version's rule_based_trigger_evaluation
// (any: the first one met shows the form; all: every one must be met). Triggers this engine does
// not know (cart, custom JavaScript, …) are ignored rather than hiding the form.
import { countryMatches } from './location'
import type { FormTrigger, PageState, TargetingDecision, TargetingInput, WaitEvent } from './types'
import { urlAllowed } from './url-patterns'

const DAY_MS = 86_400_000
/** Narrower than this is a phone (the vendor's mobile breakpoint). */
export const MOBILE_MAX_WIDTH = 700

type Status = { met: true } | { met: false; untilMs?: number; event?: WaitEvent } | { met: false; impossible: true }

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)
const strings = (v: unknown): string[] | null =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_MAX_WIDTH
}

/** A filter trigger: true passes, false hides the form for this page view; null: not a filter. */
function filterPasses(t: FormTrigger, input: TargetingInput): boolean | null {
  const p = t.properties ?? {}
  const { page, history, now } = input
  switch (t.type) {
    case 'device': {
      const d = p.device ?? 'desktop'
      return d === 'both' || (d === 'mobile') === isMobileWidth(page.deviceWidth)
    }
    case 'url_patterns':
      return urlAllowed(page.url, strings(p.allow_list), strings(p.deny_list))
    case 'identified_profiles':
      return page.identified
    case 'unidentified_profiles':
      return !page.identified
    case 'lists_and_segments':
      return listsPass(page, strings(p.allow_list))
    case 'location':
      return locationPasses(page.country, strings(p.allow_list), strings(p.deny_list))
    case 'previously_submitted':
      return history.submittedAt === undefined
    case 'after_close_or_submit_timeout': {
      const last = Math.max(history.closedAt ?? -Infinity, history.submittedAt ?? -Infinity)
      return !(now - last < num(p.timeout_days, 5) * DAY_MS)
    }
    default:
      return null
  }
}

function listsPass(page: PageState, allow: string[] | null): boolean {
  const answer = page.audience?.lists_and_segments
  if (typeof answer === 'boolean') return answer
  // No answer from the server: an unknown visitor is in no list, so only a deny list passes.
  return !(allow && allow.length > 0)
}

function locationPasses(country: string | null, allow: string[] | null, deny: string[] | null): boolean {
  if (!country) return !(allow && allow.length > 0)
  if (deny?.some((e) => countryMatches(country, e))) return false
  if (allow && allow.length > 0) return allow.some((e) => countryMatches(country, e))
  return true
}

function behaviour(t: FormTrigger, input: TargetingInput): Status | null {
  const p = t.properties ?? {}
  const { page, now } = input
  switch (t.type) {
    case 'delay': {
      const untilMs = page.loadedAt + num(p.seconds, 5) * 1000
      return now >= untilMs ? { met: true } : { met: false, untilMs }
    }
    case 'exit_intent':
      return page.exitIntent ? { met: true } : { met: false, event: 'exit_intent' }
    case 'scroll_percentage':
      return page.scrollPercent >= num(p.percentage, 30) ? { met: true } : { met: false, event: 'scroll' }
    case 'page_visits':
      // Page views only grow with the next page load: unmet now is unmet for this page view.
      return page.pageViews >= num(p.pages, 3) ? { met: true } : { met: false, impossible: true }
    default:
      return null
  }
}

export function evaluateTargeting(input: TargetingInput): TargetingDecision {
  const statuses: Status[] = []
  for (const t of input.triggers) {
    if (filterPasses(t, input) === false) return { kind: 'never' }
    const s = behaviour(t, input)
    if (s) statuses.push(s)
  }
  if (statuses.length === 0) return { kind: 'show' }
  const all = input.evaluation === 'all'
  if (all ? statuses.every((s) => s.met) : statuses.some((s) => s.met)) return { kind: 'show' }
  const waiting = statuses.filter(
    (s): s is Extract<Status, { met: false; impossible?: never }> => !s.met && !('impossible' in s),
  )
  if (all ? waiting.length !== statuses.filter((s) => !s.met).length : waiting.length === 0) return { kind: 'never' }
  const times = waiting.map((s) => s.untilMs).filter((x): x is number => x !== undefined)
  const events = [...new Set(waiting.map((s) => s.event).filter((e): e is WaitEvent => !!e))]
  // any: the earliest deadline may show it; all: nothing shows before the latest one.
  const untilMs = times.length ? (all ? Math.max(...times) : Math.min(...times)) : undefined
  return { kind: 'wait', ...(untilMs !== undefined ? { untilMs } : {}), events }
}
