// GET|HEAD /build-manifest.json – the static asset manifest the browser polls every 60 s; the
// X-Entrypoints-Hash header tells a loaded page whether a newer build is being served.
export const dynamic = 'force-dynamic'

const BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID ?? 'development'

function headers() {
  return { 'X-Entrypoints-Hash': BUILD_ID, 'Cache-Control': 'no-store' }
}

export function GET() {
  return Response.json({ buildId: BUILD_ID }, { headers: headers() })
}

export function HEAD() {
  return new Response(null, { headers: headers() })
}
