// The baseline of benchmark (a) (bench/api-events.mts): a bare handler of the same build that
// answers 202 without any work, so POST /api/events can be compared with the cost of Next's
// own routing and HTTP handling alone. It exists only when the server is started with
// BENCH_ROUTES=1; otherwise it answers 404 like any unknown path, so a production server
// exposes no extra endpoint. The flag is read per request (not at build time), so the same
// build serves both the benchmark and production.
export const dynamic = 'force-dynamic'

// POST /api/bench/noop – 202 with no body when BENCH_ROUTES=1, else 404
export function POST(): Response {
  return new Response(null, { status: process.env.BENCH_ROUTES === '1' ? 202 : 404 })
}
