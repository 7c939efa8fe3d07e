// Stands in for the reviews widget (onsite/src/reviews/) in the core-only build.
import type { OnsiteContext } from './types'

export function startReviewWidgets(ctx: OnsiteContext): void {
  void ctx
}
