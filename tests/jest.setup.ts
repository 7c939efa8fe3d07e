import '@testing-library/jest-dom'
import { resetProcessState } from './helpers/test-db'
import { pinTestEnv } from './helpers/test-env.mjs'

// Before each test file's own imports: a file starts as in a fresh process, with the pinned
// environment (the pass's own TEST_* settings kept).
const keep = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('TEST_')))
pinTestEnv(process.env)
Object.assign(process.env, keep)
resetProcessState()
