// The canvas's first view. Fitting a whole long flow into the window shrank step text to about
// 7 px; instead the view keeps the zoom at which step text is read at its own size (12 px and
// up, see builder.module.css), centres what fits, and otherwise shows the top of the flow (the
// trigger) and leaves the rest a scroll away.

/** The zoom of the first view: node text at its CSS size (12 px at the smallest). */
export const READABLE_ZOOM = 1

interface Box {
  x: number
  y: number
  width: number
  height: number
}
export interface Viewport {
  x: number
  y: number
  zoom: number
}

export function readableViewport(nodes: Box[], size: { width: number; height: number }, padding = 24): Viewport {
  const zoom = READABLE_ZOOM
  if (!nodes.length) return { x: 0, y: 0, zoom }
  const minX = Math.min(...nodes.map((n) => n.x))
  const minY = Math.min(...nodes.map((n) => n.y))
  const maxX = Math.max(...nodes.map((n) => n.x + n.width))
  const maxY = Math.max(...nodes.map((n) => n.y + n.height))
  const w = (maxX - minX) * zoom
  const h = (maxY - minY) * zoom
  // The first node is the trigger: a flow wider than the window is centred on it.
  const first = nodes[0]!
  const x =
    w <= size.width - 2 * padding
      ? (size.width - w) / 2 - minX * zoom
      : size.width / 2 - (first.x + first.width / 2) * zoom
  const y = h <= size.height - 2 * padding ? (size.height - h) / 2 - minY * zoom : padding - minY * zoom
  return { x, y, zoom }
}
