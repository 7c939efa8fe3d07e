// What the behaviour triggers wait for: how far the visitor scrolled, and exit intent (the
// pointer leaving through the top of the window on desktop).
export interface PageSignals {
  scrollPercent(): number
  exitIntent(): boolean
  on(event: 'scroll' | 'exit_intent', fn: () => void): void
}

export function pageSignals(): PageSignals {
  let exit = false
  const listeners: Record<string, Array<() => void>> = { scroll: [], exit_intent: [] }
  const fire = (name: string) => listeners[name]!.splice(0).forEach((fn) => fn())
  document.addEventListener('mouseout', (e) => {
    if (!e.relatedTarget && e.clientY <= 0 && !exit) {
      exit = true
      fire('exit_intent')
    }
  })
  addEventListener('scroll', () => fire('scroll'), { passive: true })
  return {
    scrollPercent() {
      const h = document.documentElement.scrollHeight - innerHeight
      return h <= 0 ? 100 : Math.min(100, (scrollY / h) * 100)
    },
    exitIntent: () => exit,
    on: (event, fn) => void listeners[event]!.push(fn),
  }
}
