import '@testing-library/jest-dom'
import { resetProcessState } from './helpers/test-db'

// Before each test file's own imports: a file starts as in a fresh process.
resetProcessState()
// The tests' composition root: runJobsUntilIdle() and startWorker() register every domain's job
// handlers on first use (lazily, so files that never run jobs do not load every domain).
// (required after the reset, so the registry starts from a fresh handler map)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { setJobHandlerLoader } = require('@/lib/jobs/registry') as typeof import('@/lib/jobs/registry')
setJobHandlerLoader(async () => (await import('@/lib/server/job-handlers')).registerJobHandlers())
