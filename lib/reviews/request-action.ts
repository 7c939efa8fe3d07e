// Executor of the 'send-review-request' flow action (issue 24 §1), registered with the engine by
// lib/server/consumers.ts: one email per order of the trigger event (Placed / Fulfilled Order),
// built from the company's review request template, listing the order's catalog products with a
// star row each (lib/templates/review-request-block.ts). In the step's one write transaction: the
// ReviewRequest rows (unique per company, order, product, profile) are inserted first and only
// the products whose row is new are asked, then the Send with the run's send key; so a retried
// step, a second run for the same order or a second flow asks nothing twice. A step with nothing
// to ask is skipped with its reason on the FlowStep.
import { kysely } from '@/lib/db/kysely'
import { exec, select, selectFirst } from '@/lib/db/ops'
import { ulid } from '@/lib/ids/make-id'
import { createSendsOps } from '@/lib/messaging/create-sends'
import type { ActionExecutor, StepResult } from '@/lib/flows/engine/types'
import { nextOf } from '@/lib/flows/engine/types'
import { REVIEW_REQUEST_HEADING, REVIEW_REQUEST_PRODUCTS } from '@/lib/templates/review-request-block'
import { orderKeyOf, orderProductsOps, requestProduct } from './request-action-products'

export const REVIEW_REQUEST_ACTION = 'send-review-request'

interface RequestMessage {
  id?: string | null
  subject_line?: string
  heading?: string | null
  template_id?: string
  from_email?: string | null
  from_label?: string | null
  smart_sending_enabled?: boolean
}

export const sendReviewRequestExecutor: ActionExecutor = function* (ctx) {
  const next = nextOf(ctx.action)
  const skip = (outcome: string, reason: string, detail: Record<string, unknown> = {}): StepResult => ({
    kind: 'next',
    next,
    status: 'skipped',
    outcome,
    detail: { reason, ...detail },
  })
  const m = ((ctx.action.data as { message?: RequestMessage } | undefined)?.message ?? {}) as RequestMessage
  const props = ctx.triggerEvent?.properties ?? {}
  const orderKey = orderKeyOf(props)
  if (!orderKey) return skip('no_order', 'The trigger event names no order (OrderId).')
  const products = yield* orderProductsOps(ctx.companyId, orderKey, props)
  if (!products.inCatalog.length)
    return skip('no_reviewable_product', 'No product of the order is in the catalog.', {
      orderKey,
      productsNamed: products.named,
    })
  if (!products.reviewable.length)
    return skip('already_reviewed', 'Every product of the order was reviewed already.', { orderKey })

  const template = m.template_id
    ? yield* selectFirst(
        kysely()
          .selectFrom('Template')
          .select(['compiledHtml', 'compiledText'])
          .where('companyId', '=', ctx.companyId)
          .where('id', '=', m.template_id),
      )
    : undefined
  if (!template)
    return {
      kind: 'next',
      next,
      status: 'failed',
      outcome: 'template_missing',
      detail: { reason: 'The review request template was deleted.', templateId: m.template_id ?? null },
    }

  // The keys first: only the products no one has asked this profile about yet.
  const asked = yield* select(
    kysely()
      .insertInto('ReviewRequest')
      .values(
        products.reviewable.map((p) => ({
          id: ulid(ctx.now.getTime()),
          companyId: ctx.companyId,
          profileId: ctx.profileId,
          orderKey,
          productExternalId: p.productExternalId,
          sendId: null,
          createdAt: ctx.now,
        })),
      )
      .onConflict((oc) => oc.columns(['companyId', 'orderKey', 'productExternalId', 'profileId']).doNothing())
      .returning('productExternalId'),
  )
  const fresh = new Set(asked.map((r) => r.productExternalId))
  const ask = products.reviewable.filter((p) => fresh.has(p.productExternalId))
  if (!ask.length)
    return skip('already_asked', 'Every product of the order was asked for a review already.', { orderKey })

  const key = { companyId: ctx.companyId, profileId: ctx.profileId, orderKey }
  const actionId = String(ctx.action.id)
  const created = yield* createSendsOps(
    {
      companyId: ctx.companyId,
      channel: 'email',
      sourceType: 'flow_action_run',
      sourceId: `${actionId}:${ctx.runId}`,
      transactional: false,
      content: {
        subject: m.subject_line,
        html: template.compiledHtml,
        ...(template.compiledText ? { text: template.compiledText } : {}),
        ...(m.from_email ? { fromEmail: m.from_email } : {}),
        ...(m.from_label ? { fromName: m.from_label } : {}),
      },
      recipients: [
        {
          profileId: ctx.profileId,
          context: {
            event: props,
            $flow: ctx.flowId,
            $flow_message: m.id ?? null,
            $action: actionId,
            $run: ctx.runId,
            $smart_sending_enabled: m.smart_sending_enabled !== false,
            [REVIEW_REQUEST_HEADING]: m.heading ?? '',
            [REVIEW_REQUEST_PRODUCTS]: ask.map((p) => requestProduct(key, p)),
          },
        },
      ],
    },
    ctx.now,
  )
  const sendId = created[0]?.id ?? null
  if (sendId)
    yield* exec(
      kysely()
        .updateTable('ReviewRequest')
        .set({ sendId })
        .where('companyId', '=', ctx.companyId)
        .where('orderKey', '=', orderKey)
        .where('profileId', '=', ctx.profileId)
        .where(
          'productExternalId',
          'in',
          ask.map((p) => p.productExternalId),
        ),
    )
  return {
    kind: 'next',
    next,
    status: sendId ? 'done' : 'skipped',
    outcome: sendId ?? 'skipped',
    detail: {
      sendId,
      channel: 'email',
      orderKey,
      products: ask.map((p) => p.productExternalId),
      ...(sendId ? {} : { reason: 'This run sent its review request already.' }),
    },
  }
}
