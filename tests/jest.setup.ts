import '@testing-library/jest-dom'
import { resetProcessState } from './helpers/test-db'
import { pinTestEnv } from './helpers/test-env.mjs'

// Before each test file's own imports: a file starts as in a fresh process, with the pinned
// environment (the pass's own TEST_* settings kept).
const keep = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('TEST_')))
pinTestEnv(process.env)
Object.assign(process.env, keep)
resetProcessState()
// The tests' composition root for jobs: runJobsUntilIdle() and startWorker() register every
// domain's job handlers on first use (lazily, so files that never run jobs do not load every
// domain). Required after the reset, so the registry starts from a fresh handler map.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { setJobHandlerLoader } = require('@/lib/jobs/registry') as typeof import('@/lib/jobs/registry')
setJobHandlerLoader(async () => (await import('@/lib/server/job-handlers')).registerJobHandlers())
// The same for the consumers of ingest and group entries (lib/server/consumers.ts): registered
// when ingest or a membership change first looks for them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { setConsumerLoader } = require('@/lib/config/consumer-list') as typeof import('@/lib/config/consumer-list')
setConsumerLoader(() =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('@/lib/server/consumers') as typeof import('@/lib/server/consumers')).registerConsumers(),
)
