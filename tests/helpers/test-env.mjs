// The environment every test process starts from, whatever the caller's shell has: tests must
// not read the caller's PORT, APP_URL, DATABASE_URL, session settings and the like.
// Used by scripts/test.mjs (for the Jest runs), tests/global-setup.mjs and tests/jest.setup.ts.
export const TEST_SESSION_SECRET = 'test-secret-test-secret-test-secret-0123456789'

const CLEARED = [
  'PORT',
  'APP_URL',
  'COOKIE_SECURE',
  'TRUST_PROXY',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'ENABLE_INPROCESS_WORKER',
  'JOB_QUEUE_PG_POOL',
  'DEMO_PASSWORD',
  'SKIP_SEED',
  'BENCH_ROUTES',
  'NEXT_PUBLIC_APP_ORIGIN',
  'NEXT_PUBLIC_CHAT_PROVIDER',
  'NEXT_PUBLIC_BUILD_ID',
  'SHADOW_DATABASE_URL',
  'SMTP_URL',
  'MAIL_FROM',
]

/** Clears or pins, in place, what the app reads from the environment. Returns env. */
export function pinTestEnv(env = process.env) {
  for (const k of CLEARED) delete env[k]
  for (const k of Object.keys(env)) if (k.startsWith('SESSION_')) delete env[k]
  env.SESSION_SECRET = TEST_SESSION_SECRET
  env.TZ = 'UTC'
  env.NEXT_TELEMETRY_DISABLED = '1'
  // The fake Twilio, WhatsApp and FCM servers and the SMTP sink listen on 127.0.0.1: the operator
  // settings for a local stand-in. The SSRF tests switch them off to see the rule hold.
  env.PROVIDERS_ALLOW_PRIVATE = '1'
  env.SMTP_ALLOW_PRIVATE = '1'
  // Wall-clock render budget (lib/templates/render-limits.ts): 200 ms in production; a loaded
  // test machine's first render of a process passed it now and then, deferring a test's send.
  env.TEMPLATE_RENDER_TIME_LIMIT_MS = '1000'
  return env
}
