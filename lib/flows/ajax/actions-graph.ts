// The /ajax calls that change a flow's graph (seed 002 §7.3): add an action on a path, clone,
// delete (keepPath), flip, move, rejoin and disconnect. Each is one new version of the flow
// (lib/flows/ajax/actions-flow-edit.ts); path ids are described in actions-paths.ts.
import { z } from 'zod'
import { badRequest } from '@/lib/errors/app-error'
import { actionLinks, type FlowAction } from '@/lib/flows/definition'
import { ADDABLE_TYPES, newAction } from './actions-defaults'
import { checkAction, clone, editAnswer, loadAction, loadFlow, saveEdited, type LoadedFlow } from './actions-flow-edit'
import {
  isBooleanSplit,
  isLinear,
  linkName,
  linkPath,
  linkTarget,
  parsePathId,
  putLink,
  reachable,
  redirectLinks,
  roots,
  type PathRef,
} from './actions-paths'

const NEW_KEY = '__new_action__'

/** The flow a path belongs to and the place (action + link path, or the entry) it names. */
async function resolvePath(
  companyId: number,
  ref: PathRef,
  field: string,
): Promise<{ loaded: LoadedFlow; from: FlowAction | null; path: Array<string | number> | null }> {
  if (ref.kind === 'entry') return { loaded: await loadFlow(companyId, ref.flowId), from: null, path: null }
  const l = await loadAction(companyId, ref.actionId)
  const path = linkPath(l.action, ref.link)
  if (!path)
    throw badRequest('The path is not valid.', { [field]: [`Action ${ref.actionId} has no path "${ref.link}".`] })
  return { loaded: l, from: l.action, path }
}

function pathTarget(loaded: LoadedFlow, from: FlowAction | null, path: Array<string | number> | null): string | null {
  return from ? linkTarget(from, path!) : loaded.def.entry_action_id
}

function setPathTarget(
  loaded: LoadedFlow,
  from: FlowAction | null,
  path: Array<string | number> | null,
  target: string | null,
): void {
  if (from) putLink(from, path!, target)
  else loaded.def.entry_action_id = target
}

export const addActionBody = z.object({
  type: z.enum(ADDABLE_TYPES, { message: `Choose one of: ${ADDABLE_TYPES.join(', ')}.` }),
  /** Data fields (vendor names) laid over the type's defaults. */
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  /** For a true/false split: which of its branches continues to the rest of the path. */
  branch: z.enum(['true', 'false']).optional(),
})

/**
 * The caller's data over the type's defaults; a message is laid over the default message, so a
 * caller can name just what it sets (a review request's template) and keep the other defaults.
 */
function overDefaults(defaults: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> {
  const out = { ...defaults, ...data }
  const [d, m] = [defaults.message, data.message]
  if (d && typeof d === 'object' && m && typeof m === 'object' && !Array.isArray(m)) out.message = { ...d, ...m }
  return out
}

/** POST /ajax/flow/path/{pathId}/action/add: inserts a new action between two steps. */
export async function addAction(
  companyId: number,
  pathId: string,
  input: z.infer<typeof addActionBody>,
  userId: number | null = null,
) {
  const ref = parsePathId(pathId)
  const { loaded, from, path } = await resolvePath(companyId, ref, 'pathId')
  const onward = pathTarget(loaded, from, path)
  const created = newAction(input.type, NEW_KEY, onward, loaded.def, input.branch)
  if (input.data) created.data = overDefaults((created.data as Record<string, unknown> | null) ?? {}, input.data)
  loaded.def.actions.push(checkAction(created, '/action'))
  setPathTarget(loaded, from, path, NEW_KEY)
  await saveEdited(companyId, loaded, loaded.def, { userId, call: 'addAction' })
  const after = await (ref.kind === 'entry' ? loadFlow(companyId, ref.flowId) : loadAction(companyId, ref.actionId))
  const fromAfter = ref.kind === 'link' ? after.def.actions.find((a) => a.id === ref.actionId)! : null
  const newId = fromAfter ? linkTarget(fromAfter, path!) : after.def.entry_action_id
  return editAnswer(companyId, loaded.flow.id, newId)
}

/** POST /ajax/flow/action/{id}/clone: a copy (status draft, new message) right after the action. */
export async function cloneAction(companyId: number, actionId: string, userId: number | null = null) {
  const l = await loadAction(companyId, actionId)
  if (!isLinear(l.action))
    throw badRequest('Only a single-path action can be cloned.', {
      id: ['A split cannot be cloned; add a new split instead.'],
    })
  const copy = clone(l.action) as FlowAction & { data?: Record<string, unknown> | null }
  delete copy.id
  copy.temporary_id = NEW_KEY
  if (copy.data && typeof copy.data === 'object') {
    if ('status' in copy.data) copy.data.status = 'draft'
    const message = copy.data.message as Record<string, unknown> | undefined
    if (message && typeof message === 'object') {
      delete message.id
      if (typeof message.name === 'string') message.name = `${message.name} (copy)`.slice(0, 255)
    }
  }
  const onward = linkTarget(l.action, ['links', 'next'])
  putLink(copy, ['links', 'next'], onward)
  putLink(l.action, ['links', 'next'], NEW_KEY)
  l.def.actions.splice(l.index + 1, 0, copy)
  await saveEdited(companyId, l, l.def, { userId, call: 'cloneAction' })
  const after = await loadAction(companyId, actionId)
  return editAnswer(companyId, l.flow.id, linkTarget(after.action, ['links', 'next']))
}

export const deleteActionBody = z.object({
  /** For a split: the branch to keep (next_if_true, next_if_false, true, false or branch:<id>). */
  keepPath: z.string().min(1).max(80).nullable().optional(),
})

/**
 * POST /ajax/flow/action/{id}/delete. A single-path action: what linked to it goes on to its
 * next. A split with keepPath: the kept branch takes its place and the other branches' actions
 * are removed (those no other path reaches); without keepPath all its branches are removed.
 */
export async function deleteAction(
  companyId: number,
  actionId: string,
  input: z.infer<typeof deleteActionBody>,
  userId: number | null = null,
) {
  const l = await loadAction(companyId, actionId)
  const { def, action } = l
  let onward: string | null
  let dropped: string[]
  if (isLinear(action)) {
    onward = linkTarget(action, ['links', 'next'])
    dropped = []
  } else {
    const links = actionLinks(action)
    let kept: Array<string | number> | null = null
    if (input.keepPath) {
      const name =
        input.keepPath.includes(':') && !input.keepPath.startsWith('branch:')
          ? input.keepPath.slice(input.keepPath.indexOf(':') + 1)
          : input.keepPath
      kept = linkPath(action, name)
      if (!kept)
        throw badRequest('The path to keep is not a branch of this split.', {
          keepPath: [`Action ${actionId} has no branch "${input.keepPath}".`],
        })
    }
    onward = kept ? linkTarget(action, kept) : null
    dropped = links
      .filter((x) => !kept || linkName(action, x.path) !== linkName(action, kept))
      .map((x) => x.target)
      .filter((t): t is string => t != null)
  }
  const before = roots(def)
  before.delete(actionId)
  const candidates = reachable(def, dropped)
  def.actions = def.actions.filter((a) => a.id !== actionId)
  redirectLinks(def, actionId, onward)
  if (onward) before.add(onward)
  const still = reachable(def, before)
  const removed = [...candidates].filter((id) => !still.has(id) && id !== onward)
  def.actions = def.actions.filter((a) => !removed.includes(a.id!))
  await saveEdited(companyId, l, def, { userId, call: 'deleteAction' })
  return { ...(await editAnswer(companyId, l.flow.id)), removedActionIds: [actionId, ...removed] }
}

/** POST /ajax/flow/action/{id}/flip: swaps a true/false split's branches. */
export async function flipAction(companyId: number, actionId: string, userId: number | null = null) {
  const l = await loadAction(companyId, actionId)
  if (!isBooleanSplit(l.action))
    throw badRequest('Only a true/false split can be flipped.', { id: [`Action ${actionId} is a ${l.action.type}.`] })
  const t = linkTarget(l.action, ['links', 'next_if_true'])
  putLink(l.action, ['links', 'next_if_true'], linkTarget(l.action, ['links', 'next_if_false']))
  putLink(l.action, ['links', 'next_if_false'], t)
  await saveEdited(companyId, l, l.def, { userId, call: 'flipAction' })
  return editAnswer(companyId, l.flow.id, actionId)
}

export const moveActionBody = z.object({ targetPath: z.string().min(1).max(200) })

/** POST /ajax/flow/action/{id}/move: takes a single-path action out of its place and puts it on another path of the flow. */
export async function moveAction(
  companyId: number,
  actionId: string,
  input: z.infer<typeof moveActionBody>,
  userId: number | null = null,
) {
  const ref = parsePathId(input.targetPath, 'targetPath')
  const l = await loadAction(companyId, actionId)
  if (!isLinear(l.action))
    throw badRequest('Only a single-path action can be moved.', {
      id: ['A split cannot be moved; delete it and add it again.'],
    })
  if (ref.kind === 'entry' ? ref.flowId !== l.flow.id : !l.def.actions.some((a) => a.id === ref.actionId)) {
    throw badRequest('The target path is not in this flow.', { targetPath: ['Choose a path of the same flow.'] })
  }
  if (ref.kind === 'link' && ref.actionId === actionId)
    throw badRequest('An action cannot be moved onto its own path.', { targetPath: ['Choose another path.'] })
  // Take it out: what linked to it goes on to its next.
  const onward = linkTarget(l.action, ['links', 'next'])
  redirectLinks(l.def, actionId, onward)
  const from = ref.kind === 'link' ? l.def.actions.find((a) => a.id === ref.actionId)! : null
  const path = from ? linkPath(from, (ref as { link: string }).link) : null
  if (from && !path)
    throw badRequest('The path is not valid.', {
      targetPath: [`Action ${from.id} has no path "${(ref as { link: string }).link}".`],
    })
  const target = from ? linkTarget(from, path!) : l.def.entry_action_id
  putLink(l.action, ['links', 'next'], target)
  if (from) putLink(from, path!, actionId)
  else l.def.entry_action_id = actionId
  await saveEdited(companyId, l, l.def, { userId, call: 'moveAction' })
  return editAnswer(companyId, l.flow.id, actionId)
}

export const rejoinActionBody = z.object({
  /** The action the open path joins; a path with nothing after it only. */
  targetActionId: z.string().min(1).max(64),
  /** Which of the action's paths (next, next_if_true, next_if_false, branch:<id>); default next. */
  path: z.string().min(1).max(80).optional(),
})

/** POST /ajax/flow/action/{id}/rejoin: links an open path of the action (a branch end) to an action further on. */
export async function rejoinAction(
  companyId: number,
  actionId: string,
  input: z.infer<typeof rejoinActionBody>,
  userId: number | null = null,
) {
  const l = await loadAction(companyId, actionId)
  const name = input.path ?? 'next'
  const path = linkPath(l.action, name)
  if (!path) throw badRequest('The path is not valid.', { path: [`Action ${actionId} has no path "${name}".`] })
  if (linkTarget(l.action, path) != null)
    throw badRequest('This path already goes on to another action; disconnect it first.', {
      path: ['This path is not open.'],
    })
  if (!l.def.actions.some((a) => a.id === input.targetActionId))
    throw badRequest('The target action is not in this flow.', {
      targetActionId: ['Choose an action of the same flow.'],
    })
  putLink(l.action, path, input.targetActionId)
  await saveEdited(companyId, l, l.def, { userId, call: 'rejoinAction' })
  return editAnswer(companyId, l.flow.id, actionId)
}

export const disconnectActionBody = z.object({
  /** The path of this action to cut: a link name (next, next_if_true, …) or a full path id "<actionId>:<link>". */
  targetPath: z.string().min(1).max(200),
})

/** POST /ajax/flow/action/{id}/disconnect: cuts one of the action's paths (the actions after it stay, unconnected, until rejoined or deleted). */
export async function disconnectAction(
  companyId: number,
  actionId: string,
  input: z.infer<typeof disconnectActionBody>,
  userId: number | null = null,
) {
  const l = await loadAction(companyId, actionId)
  let name = input.targetPath
  if (name.includes(':') && !name.startsWith('branch:')) {
    const ref = parsePathId(name, 'targetPath')
    if (ref.kind !== 'link' || ref.actionId !== actionId)
      throw badRequest('The path is not one of this action.', { targetPath: [`Name a path of action ${actionId}.`] })
    name = ref.link
  }
  const path = linkPath(l.action, name)
  if (!path) throw badRequest('The path is not valid.', { targetPath: [`Action ${actionId} has no path "${name}".`] })
  putLink(l.action, path, null)
  await saveEdited(companyId, l, l.def, { userId, call: 'disconnectAction' })
  return editAnswer(companyId, l.flow.id, actionId)
}
