// POST /ajax/flows/create – a new draft flow: blank (no trigger, no action; name required), from a
// definition (the vendor's create document, temporary ids) or from a template key of
// lib/flows/templates (checkout_abandonment … price_drop; the name defaults to the template's).
import { z } from 'zod'
import { flowDefinition, type FlowDefinition } from '../definition'
import { createFlow, FlowDefinitionInvalid } from '../store'
import { createFlowFromTemplate, FLOW_TEMPLATE_KEYS, isFlowTemplateKey } from '../templates/index'
import { recordFlowAudit } from './flows-common'

export const createFlowBody = z
  .object({
    name: z.string().trim().min(1, 'Give the flow a name.').max(255, 'The name is at most 255 characters.').optional(),
    definition: z.unknown().optional(),
    templateKey: z.string().max(64).optional(),
  })
  .refine((b) => b.name !== undefined || b.templateKey !== undefined, {
    path: ['name'],
    message: 'Give the flow a name.',
  })
export type CreateFlowBody = z.infer<typeof createFlowBody>

export const BLANK_DEFINITION: FlowDefinition = { triggers: [], actions: [], entry_action_id: null }

/** Zod's issues of a definition as definition errors (pointers below `base`). */
export function parseDefinition(raw: unknown, base = ''): FlowDefinition {
  const parsed = flowDefinition.safeParse(raw)
  if (!parsed.success) {
    throw new FlowDefinitionInvalid(
      parsed.error.issues.map((i) => ({
        pointer: base + i.path.map((p) => '/' + String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join(''),
        detail: i.message,
      })),
    )
  }
  return parsed.data as FlowDefinition
}

export async function createAjaxFlow(companyId: number, userId: number, body: CreateFlowBody) {
  let flowId: string
  if (body.definition !== undefined) {
    flowId = await createFlow(companyId, {
      name: body.name ?? 'Untitled flow',
      definition: parseDefinition(body.definition),
    })
  } else if (body.templateKey !== undefined) {
    if (!isFlowTemplateKey(body.templateKey)) {
      throw new FlowDefinitionInvalid([
        {
          pointer: '/templateKey',
          detail: `There is no flow template "${body.templateKey}"; use one of ${FLOW_TEMPLATE_KEYS.join(', ')}.`,
        },
      ])
    }
    flowId = await createFlowFromTemplate(companyId, body.templateKey, { name: body.name })
  } else {
    flowId = await createFlow(companyId, { name: body.name!, definition: BLANK_DEFINITION })
  }
  await recordFlowAudit({
    companyId,
    flowId,
    userId,
    action: 'create',
    version: 1,
    detail: { name: body.name ?? null, templateKey: body.templateKey ?? null },
  })
  return { flowId }
}
