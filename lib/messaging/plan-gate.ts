// The plan's monthly allowance as the claim sees it (issue 26 §1). Billing (lib/billing) owns
// plans and usage and registers the one gate through lib/server/consumers.ts, so messaging
// imports nothing of billing and data walks one way. claim-sends.ts opens the gate once per
// claimed page (one cached usage read per company), asks it before each marketing message, and
// closes it inside the same transaction (the 80 % and 100 % warnings are written there).
import type { Ops } from '@/lib/db/ops'
import { consumerList } from '@/lib/config/consumer-list'
import type { Channel } from './types'

export interface PlanAllowance {
  /** Units (emails, SMS segments) the plan still allows this period. */
  remaining(): number
  /** Moves the account to its channel's next tier when it consented; true when it did. */
  upgrade(): Ops<boolean>
  /** Counts units this page is about to send. */
  consume(units: number): void
  /** After the page's decisions, in the claim's transaction. */
  close(): Ops<void>
}

export interface PlanGate {
  name: string
  /** The allowance of one company and channel at `now`, or null when the channel is unmetered. */
  open(companyId: number, channel: Channel, now: Date): Ops<PlanAllowance | null>
}

const gates = consumerList<PlanGate>('plan gate')

export const registerPlanGate = (gate: PlanGate): void => gates.register(gate)

/** The registered gate; none in a start-up without billing (a script, a test that loads no consumers). */
export function planGate(): PlanGate | null {
  try {
    return gates.all()[0] ?? null
  } catch {
    return null
  }
}
