// Nelder–Mead simplex minimisation. The models' parameters are all positive, so callers
// optimise their logarithms: the search is unconstrained and scale-free.

export interface MinimizeResult {
  x: number[]
  value: number
  iterations: number
}

export function nelderMead(
  f: (x: number[]) => number,
  start: number[],
  { maxIterations = 2000, tolerance = 1e-10, step = 0.5 } = {},
): MinimizeResult {
  const n = start.length
  const safe = (x: number[]) => {
    const v = f(x)
    return Number.isFinite(v) ? v : Infinity
  }
  let simplex = [start.slice()]
  for (let i = 0; i < n; i++) {
    const p = start.slice()
    p[i] = p[i]! + step
    simplex.push(p)
  }
  let values = simplex.map(safe)
  let iterations = 0
  for (; iterations < maxIterations; iterations++) {
    const order = values.map((v, i) => i).sort((i, j) => values[i]! - values[j]!)
    simplex = order.map((i) => simplex[i]!)
    values = order.map((i) => values[i]!)
    if (Math.abs(values[n]! - values[0]!) <= tolerance * (Math.abs(values[0]!) + tolerance)) break
    const centroid = new Array<number>(n).fill(0)
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) centroid[j]! += simplex[i]![j]! / n
    const along = (t: number) => centroid.map((c, j) => c + t * (simplex[n]![j]! - c))
    const reflected = along(-1)
    const fr = safe(reflected)
    if (fr < values[0]!) {
      const expanded = along(-2)
      const fe = safe(expanded)
      if (fe < fr) [simplex[n], values[n]] = [expanded, fe]
      else [simplex[n], values[n]] = [reflected, fr]
    } else if (fr < values[n - 1]!) {
      ;[simplex[n], values[n]] = [reflected, fr]
    } else {
      const contracted = fr < values[n]! ? along(-0.5) : along(0.5)
      const fc = safe(contracted)
      if (fc < Math.min(fr, values[n]!)) {
        ;[simplex[n], values[n]] = [contracted, fc]
      } else {
        for (let i = 1; i <= n; i++) {
          simplex[i] = simplex[i]!.map((v, j) => simplex[0]![j]! + 0.5 * (v - simplex[0]![j]!))
          values[i] = safe(simplex[i]!)
        }
      }
    }
  }
  const best = values.indexOf(Math.min(...values))
  return { x: simplex[best]!, value: values[best]!, iterations }
}
