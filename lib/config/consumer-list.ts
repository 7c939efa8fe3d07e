// A list of consumers that a domain owns and the composition root fills at start-up
// (lib/server/consumers.ts, called by instrumentation.ts, the worker, the seed, the benches and
// the tests' setup): the owner calls its consumers without importing them, so data walks one
// way (house style "The way data walks"). Kept on globalThis because Next.js runs
// instrumentation.ts, which registers, and the route handlers in separate module graphs of one
// process. Registration order is run order.
interface Named {
  name: string
}

const g = globalThis as unknown as {
  __consumerLists?: Map<string, Named[]>
  __consumerLoader?: { load: () => void; done: boolean }
}
const lists: Map<string, Named[]> = (g.__consumerLists ??= new Map())

/**
 * A root that would rather not load every domain up front (the tests' setup) hands over a
 * loader instead; it runs synchronously, once, when a list is first read while empty.
 */
export function setConsumerLoader(load: () => void): void {
  g.__consumerLoader = { load, done: false }
}

export interface ConsumerList<T extends Named> {
  /** Adds the consumer, or replaces the one of the same name (registering twice is harmless). */
  register(consumer: T): void
  /** The consumers in registration order; throws when none were registered (a start-up that forgot). */
  all(): readonly T[]
}

export function consumerList<T extends Named>(key: string): ConsumerList<T> {
  const items = (): T[] => {
    let list = lists.get(key)
    if (!list) lists.set(key, (list = []))
    return list as T[]
  }
  return {
    register(consumer) {
      const list = items()
      const at = list.findIndex((c) => c.name === consumer.name)
      if (at >= 0) list[at] = consumer
      else list.push(consumer)
    },
    all() {
      const loader = g.__consumerLoader
      if (!items().length && loader && !loader.done) {
        loader.done = true
        loader.load()
      }
      const list = items()
      if (!list.length)
        throw new Error(
          `No ${key} consumers are registered: the start-up must call registerConsumers() (lib/server/consumers.ts).`,
        )
      return list
    },
  }
}
