/** @jest-environment node */
// The test processes never see the caller's PORT, APP_URL, DATABASE_URL or session settings
// (tests/helpers/test-env.mjs via global-setup and jest.setup). Run as `PORT=4000 APP_URL=…
// SESSION_IDLE_SECONDS=5 npx jest tests/integration/db-test-env.test.ts` to see it hold.
import { useTestDatabase } from '../helpers/test-db'
import { TEST_SESSION_SECRET } from '../helpers/test-env.mjs'

test('the environment is pinned', () => {
  for (const k of [
    'PORT',
    'APP_URL',
    'TRUST_PROXY',
    'COOKIE_SECURE',
    'DATABASE_URL',
    'SESSION_IDLE_SECONDS',
    'SESSION_ABSOLUTE_SECONDS',
    'SESSION_SECRET_FILE',
    'ENABLE_INPROCESS_WORKER',
  ])
    expect([k, process.env[k]]).toEqual([k, undefined])
  expect(process.env.SESSION_SECRET).toBe(TEST_SESSION_SECRET)
  expect(process.env.TZ).toBe('UTC')
  useTestDatabase()
  expect(process.env.DATABASE_URL).toMatch(
    process.env.TEST_DB === 'postgres' ? /^postgres(ql)?:\/\// : /^file:.*tests\/\.tmp\/run-/,
  )
})
