// The analytics jobs: report runs (a large report's work) and the scheduled mailing of saved reports.
import { register as registerRuns } from './report-runs'
import { register as registerSchedule } from './report-schedule'

export function register(): void {
  registerRuns()
  registerSchedule()
}
