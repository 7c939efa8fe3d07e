// A bounded LRU of parsed templates: per-recipient rendering runs the template, not the parser.

export class LruCache<K, V> {
  private map = new Map<K, { value: V; weight: number }>()
  private totalWeight = 0
  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Infinity,
  ) {}

  get(key: K): V | undefined {
    const hit = this.map.get(key)
    if (!hit) return undefined
    // Map keeps insertion order: re-inserting makes this the most recently used
    this.map.delete(key)
    this.map.set(key, hit)
    return hit.value
  }

  set(key: K, value: V, weight = 1): void {
    const old = this.map.get(key)
    if (old) {
      this.totalWeight -= old.weight
      this.map.delete(key)
    }
    this.map.set(key, { value, weight })
    this.totalWeight += weight
    while (this.map.size > this.maxEntries || (this.totalWeight > this.maxWeight && this.map.size > 1)) {
      const oldest = this.map.keys().next().value as K
      this.totalWeight -= this.map.get(oldest)!.weight
      this.map.delete(oldest)
    }
  }

  get size(): number {
    return this.map.size
  }

  clear(): void {
    this.map.clear()
    this.totalWeight = 0
  }
}
