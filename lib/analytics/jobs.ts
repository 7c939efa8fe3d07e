// The analytics jobs: report runs (a large report's work), the scheduled mailing of saved reports,
// and the property rollups reports by a property ask for.
import { register as registerPropertyRollup } from './property-rollup-job'
import { register as registerRuns } from './report-runs'
import { register as registerSchedule } from './report-schedule'

export function register(): void {
  registerRuns()
  registerPropertyRollup()
  registerSchedule()
}
