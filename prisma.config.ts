// Prisma 7 reads this instead of the schema's datasource url. The native schema engine
// cannot be downloaded here; generate never runs it, and migrations go through
// scripts/db.mjs (the WASM engine), so point it at /bin/false (see RECIPES.md).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/bin/false'

import { defineConfig } from 'prisma/config'

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'tsx prisma/seed.mts' },
  datasource: { url: process.env.DATABASE_URL ?? 'file:./data/app.db' },
})
