// The origin check (seed 000 §2 "Navigation rules"): the app refuses to start outside the
// product's own origin, including inside a frame of another origin (clickjacking).
export type OriginCheck = { ok: true } | { ok: false; reason: 'origin' | 'framed' }

export function checkOrigin(
  win: Window = window,
  expected: string | undefined = process.env.NEXT_PUBLIC_APP_ORIGIN,
): OriginCheck {
  if (expected && win.location.origin !== expected.replace(/\/+$/, '')) return { ok: false, reason: 'origin' }
  if (win.top !== win.self) {
    try {
      // Reading a cross-origin parent's location throws; a same-origin frame is ours.
      if (win.top?.location.origin !== win.location.origin) return { ok: false, reason: 'framed' }
    } catch {
      return { ok: false, reason: 'framed' }
    }
  }
  return { ok: true }
}
