// Colours merchants pick for hosted pages end up in style attributes: only #rgb/#rrggbb pass.
import { z } from 'zod'

export const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Use a colour like #1b1f24.')

/** A stored colour that no longer parses falls back rather than reaching a style attribute. */
export const safeColor = (v: unknown, fallback: string): string =>
  typeof v === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(v) ? v : fallback
