// A small builder so each area file reads as a table: one line per route, with the area's
// shared access rule (resources, layout, flag) given once. Later options override earlier ones.
import type { RouteDef } from './types'

export type RouteOptions = Partial<Omit<RouteDef, 'path' | 'area'>>

export function defineArea(area: string, defaults: RouteOptions = {}) {
  return (path: string, options: RouteOptions = {}): RouteDef => ({
    access: 'authenticated',
    layout: 'navigation',
    ...defaults,
    ...options,
    path,
    area,
  })
}

/** Editors and builders: a bare page, and the support chat stays out of the way. */
export const EDITOR: RouteOptions = { layout: 'page', chat: false }
/** Wizards and full-screen flows without the side navigation. */
export const PAGE: RouteOptions = { layout: 'page' }
