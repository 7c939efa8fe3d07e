'use client'
// What the canvas's nodes and edges need from the screen without being rebuilt on each change:
// the reducer's dispatch, live counts, errors by node, the add menu's open slot, the flow trigger,
// where a message step's report is.
import { createContext, useContext } from 'react'
import type { FlowDefinition } from '@/lib/flows/definition'
import type { BuilderAction } from './builder-state'
import type { SaveError } from './api'

export interface BuilderContextValue {
  def: FlowDefinition
  dispatch: (a: BuilderAction) => void
  counts: Record<string, { waiting: number; done: number }>
  /** Save errors by node id (an action key or the trigger). */
  errorsByNode: Map<string, SaveError[]>
  selectedId: string | null
  addingAt: string | null
  openAdd: (edgeId: string | null) => void
  requestDelete: (key: string) => void
  readOnly: boolean
  flowIsLive: boolean
  /** The reports page of a message step's message (null: no message yet, or no access to reports). */
  reportOf: (key: string) => string | null
}

export const BuilderContext = createContext<BuilderContextValue | null>(null)

export function useBuilder(): BuilderContextValue {
  const v = useContext(BuilderContext)
  if (!v) throw new Error('useBuilder outside the flow builder')
  return v
}
