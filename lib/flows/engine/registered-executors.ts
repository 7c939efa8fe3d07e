// Executors of action types that another domain owns (the reviews' send-review-request, the
// catalog's back-in-stock-delay), in a list this module keeps and the composition root
// (lib/server/consumers.ts) fills, so the engine imports none of those domains (they build on
// it: a circle of imports otherwise).
import { consumerList } from '@/lib/config/consumer-list'
import type { ActionExecutor } from './types'

export interface RegisteredExecutor {
  /** The action type it executes (its name in the list). */
  name: string
  executor: ActionExecutor
}

const executors = consumerList<RegisteredExecutor>('flow action executor')

export const registerActionExecutor = (e: RegisteredExecutor): void => executors.register(e)

/** The registered executor of a type, or why there is none (a process that did not register it). */
export function registeredExecutor(type: string): ActionExecutor | { unsupported: string } {
  let found: RegisteredExecutor | undefined
  try {
    found = executors.all().find((e) => e.name === type)
  } catch {
    // no executor registered at all: the start-up did not call registerConsumers()
  }
  return found?.executor ?? { unsupported: `No executor is registered for the action type '${type}'.` }
}
