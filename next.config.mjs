import createNextIntlPlugin from 'next-intl/plugin'
import { createHash } from 'node:crypto'
import { execSync } from 'node:child_process'

const withNextIntl = createNextIntlPlugin('./i18n/request.ts')

// The build id doubles as the "entrypoints hash" of the version check: the browser compares
// the X-Entrypoints-Hash header of /build-manifest.json (app/build-manifest.json) with its own.
function buildId() {
  if (process.env.BUILD_ID) return process.env.BUILD_ID
  try {
    return (
      execSync('git rev-parse --short=12 HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() +
      '-' +
      Date.now().toString(36)
    )
  } catch {
    return createHash('sha1').update(String(Date.now())).digest('hex').slice(0, 12)
  }
}
const BUILD_ID = buildId()

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  skipTrailingSlashRedirect: true, // /api/events/ must reach the handler: the SDK does not follow a 308 for POSTs
  generateBuildId: () => BUILD_ID,
  env: { NEXT_PUBLIC_BUILD_ID: BUILD_ID },
  // A CI build starts from a clean checkout and is built once: writing Turbopack's build cache
  // to disk (on by default since 16.4) only costs time there (22 s measured).
  experimental: { authInterrupts: true, turbopackFileSystemCacheForBuild: !process.env.CI },
  serverExternalPackages: ['better-sqlite3', '@prisma/adapter-better-sqlite3'],
  // The fixed security headers, for what proxy.ts does not see (Next's assets, static files).
  // proxy.ts sets the same values on everything else, with the Content-Security-Policy and HSTS
  // (lib/http/security-headers.ts): those depend on the request and on APP_URL at run time,
  // and these are fixed at build time.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ]
  },
}

export default withNextIntl(nextConfig)
