import nextJest from 'next/jest.js'

const createJestConfig = nextJest({ dir: './' })

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/tests/jest.setup.ts'],
  globalSetup: '<rootDir>/tests/global-setup.mjs',
  globalTeardown: '<rootDir>/tests/global-teardown.mjs',
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1', '^server-only$': '<rootDir>/tests/server-only-stub.js' },
  testMatch: ['<rootDir>/tests/unit/**/*.test.ts?(x)', '<rootDir>/tests/integration/**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['<rootDir>/tests/e2e/', '<rootDir>/node_modules/', '<rootDir>/.next/'],
  maxWorkers: 2,
  // Screen tests render whole screens with jsdom: 5 s is tight when the machine is busy.
  testTimeout: 15_000,
  // Jest 30 'soft'-deletes what a test file left on the global scope by wrapping each property of
  // those objects in a warning getter. Objects that outlive one file (the Prisma client of a
  // worker's later files reaches the same ones) got wrapped again by every file, until reading a
  // property recursed past the stack: 'Maximum call stack size exceeded' before a suite ran, in
  // full runs only. Each file gets a fresh environment anyway; no cleanup wrapping.
  testEnvironmentOptions: { globalsCleanup: 'off' },
}

// ESM-only packages (next-intl and its deps) must be compiled to CJS by SWC.
// next/jest always puts its own '/node_modules/...' ignore pattern first, so replace it.
const esmOnly = [
  'next-intl',
  'use-intl',
  '@formatjs',
  'intl-messageformat',
  'icu-minify',
  '@schummar',
  '@scure',
  '@noble',
]

const jestConfig = async () => {
  const cfg = await createJestConfig(config)()
  cfg.transformIgnorePatterns = [
    `/node_modules/(?!(${esmOnly.join('|')})/)`,
    ...cfg.transformIgnorePatterns.filter((p) => !p.startsWith('/node_modules/')),
  ]
  return cfg
}

export default jestConfig
