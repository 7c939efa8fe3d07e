// Drops what the PostgreSQL pass created and stops the server global-setup started.
import pg from 'pg'

export default async function globalTeardown() {
  const server = globalThis.__testPostgres
  if (!server) return
  if (server.source === 'TEST_DATABASE_URL') {
    // An existing server: remove this run's databases, keep the server.
    const client = new pg.Client({ connectionString: server.url })
    await client.connect()
    const prefix = process.env.TEST_PG_TEMPLATE
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2', [
      prefix,
      `t_${prefix?.slice(4)}_%`,
    ])
    for (const r of rows) await client.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`).catch(() => {})
    await client.end()
  }
  await server.stop()
}
