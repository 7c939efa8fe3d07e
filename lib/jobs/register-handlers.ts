// Every domain registers its job handlers here; the worker and runJobsUntilIdle load this once.
import { register as registerSegments } from '@/lib/segments/jobs'
import { register as registerMetrics } from '@/lib/metrics/jobs'
import { register as registerImports } from '@/lib/imports/jobs'
import { register as registerEvents } from '@/lib/events/jobs'

export function registerHandlers(): void {
  registerSegments()
  registerMetrics()
  registerImports()
  registerEvents()
}
