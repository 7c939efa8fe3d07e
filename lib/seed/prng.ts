// A small seeded PRNG (sfc32, seeded through a string hash) so the demo data is the same on
// every run: browser tests and screenshots can rely on the counts.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
  /** Picks by the `weight` of each item. */
  weighted<T extends { weight: number }>(items: readonly T[]): T
  /** Poisson-distributed count with mean `mean` (inversion; fine for the small means used here). */
  poisson(mean: number): number
  /** Log-normal with the given median and spread (sigma of the underlying normal). */
  logNormal(median: number, sigma: number): number
  normal(): number
  /** A child generator whose stream does not depend on how much of this one was used. */
  fork(label: string): Rng
}

function hashString(s: string): [number, number, number, number] {
  // cyrb128: four 32-bit seeds from one string.
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762
  for (let i = 0; i < s.length; i++) {
    const k = s.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0]
}

export function createRng(seed: string | number): Rng {
  let [a, b, c, d] = hashString(String(seed))
  const next = () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  for (let i = 0; i < 12; i++) next()

  let spare: number | null = null
  const normal = () => {
    if (spare !== null) {
      const s = spare
      spare = null
      return s
    }
    let u = 0,
      v = 0,
      s = 0
    do {
      u = next() * 2 - 1
      v = next() * 2 - 1
      s = u * u + v * v
    } while (s >= 1 || s === 0)
    const m = Math.sqrt((-2 * Math.log(s)) / s)
    spare = v * m
    return u * m
  }

  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (items) => {
      let total = 0
      for (const it of items) total += it.weight
      let r = next() * total
      for (const it of items) {
        r -= it.weight
        if (r < 0) return it
      }
      return items[items.length - 1]!
    },
    poisson: (mean) => {
      if (mean <= 0) return 0
      const limit = Math.exp(-mean)
      let k = 0,
        p = next()
      while (p > limit) {
        k++
        p *= next()
      }
      return k
    },
    logNormal: (median, sigma) => median * Math.exp(sigma * normal()),
    normal,
    fork: (label) => createRng(`${seed}/${label}`),
  }
  return rng
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** A ULID (the profile id format of lib/ids/make-id.ts) whose random part comes from `rng`. */
export function seededUlid(rng: Rng, timeMs: number): string {
  let time = ''
  let t = Math.floor(timeMs)
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time
    t = Math.floor(t / 32)
  }
  let rand = ''
  for (let i = 0; i < 16; i++) rand += CROCKFORD[Math.floor(rng.next() * 32)]
  return time + rand
}
