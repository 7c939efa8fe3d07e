// Locally generated product images for the demo catalog (issue 11, K4): an SVG per external id,
// its colour from a hash of the id and the product's initials, so the repo carries no images.
import { createHash } from 'node:crypto'

export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await ctx.params
  const key = id.replace(/\.svg$/, '').slice(0, 64)
  const h = createHash('sha256').update(key).digest()
  const hue = (h[0]! * 256 + h[1]!) % 360
  const label = key.replace(/[^A-Za-z0-9-]/g, '').slice(-6)
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">` +
    `<rect width="400" height="400" fill="hsl(${hue},45%,86%)"/>` +
    `<circle cx="200" cy="170" r="${70 + (h[2]! % 40)}" fill="hsl(${hue},40%,60%)"/>` +
    `<rect x="110" y="280" width="180" height="22" rx="11" fill="hsl(${hue},35%,45%)"/>` +
    `<text x="200" y="360" font-family="sans-serif" font-size="22" text-anchor="middle" fill="hsl(${hue},30%,30%)">${label}</text></svg>`
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
