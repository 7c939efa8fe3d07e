import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // Test helpers such as useTestDatabase() are not React hooks.
  { files: ['tests/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  globalIgnores([
    '.next/**',
    'generated/**',
    'node_modules/**',
    'tests/.tmp/**',
    'test-results/**',
    'playwright-report/**',
    'scripts/db.mjs',
  ]),
])
