// Shared set-up of the flows-ajax-messages*.test.ts files: two companies with signed-in owners,
// a template, a flow with an email, an SMS and an A/B test action, and a helper that calls a
// route module's handler with a real Request.
import { db } from '@/lib/db/client'
import { createFlow, getFlowDefinition } from '@/lib/flows/store'
import { flowDefinition, type FlowDefinition } from '@/lib/flows/definition'
import { createTemplate } from '@/lib/templates/store/save-template'
import { ajaxRequest, makeCompany, makeUser, params, signIn } from '../helpers/factory'

export type Json = any // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>

/** Calls a route module's method handler: answers status and parsed JSON (or text). */
export async function call(
  mod: Record<string, unknown>,
  method: string,
  path: string,
  p: Record<string, string>,
  init: { cookie?: string; body?: unknown; csrf?: boolean } = {},
) {
  const handler = mod[method] as Handler | undefined
  if (!handler) throw new Error(`no ${method} handler for ${path}`)
  const res = await handler(
    ajaxRequest(path, { method, cookie: init.cookie, body: init.body, csrf: init.csrf }),
    params(p),
  )
  const text = await res.text()
  let body: Json = text
  try {
    body = JSON.parse(text)
  } catch {
    /* text */
  }
  return { status: res.status, body, headers: res.headers }
}

export interface Fixture {
  A: number
  B: number
  ownerA: string
  ownerB: string
  analystA: string
  templateId: string
  flowId: string
  emailActionId: string
  emailMessageId: string
  smsActionId: string
  smsMessageId: string
  abActionId: string
}

export async function makeFixture(): Promise<Fixture> {
  const A = (await makeCompany('Shop A')).id
  const B = (await makeCompany('Shop B')).id
  const ownerA = await signIn((await makeUser({ companyId: A })).id, A)
  const ownerB = await signIn((await makeUser({ companyId: B })).id, B)
  const analystA = await signIn((await makeUser({ companyId: A, role: 'analyst' })).id, A)
  const t = await createTemplate(A, {
    name: 'Welcome',
    editorType: 'CODE',
    html: '<html><body><p>Hi {{ first_name|default:"friend" }}</p><a href="https://shop.example/x">Shop</a></body></html>',
  })
  const email = (subject: string, name: string) => ({
    type: 'send-email',
    data: {
      status: 'live',
      message: { name, subject_line: subject, template_id: t.id, from_email: 'shop@example.com', from_label: 'Shop' },
    },
  })
  const definition = flowDefinition.parse({
    triggers: [],
    entry_action_id: 'e',
    actions: [
      { temporary_id: 'e', ...email('Welcome {{ first_name }}', 'Welcome email'), links: { next: 's' } },
      {
        temporary_id: 's',
        type: 'send-sms',
        links: { next: 'ab' },
        data: { status: 'manual', message: { name: 'SMS', body: 'Hi {{ first_name }}!' } },
      },
      {
        temporary_id: 'ab',
        type: 'ab-test',
        links: { next: null },
        data: {
          status: 'live',
          main_action: email('Main subject', 'Main'),
          current_experiment: {
            name: 'Subject test',
            variations: [email('Subject A', 'Variation A'), email('Subject B', 'Variation B')],
            allocations: null,
          },
        },
      },
    ],
  })
  const flowId = await createFlow(A, { name: 'Welcome series', definition: definition as FlowDefinition })
  const def = await getFlowDefinition(A, flowId)
  const [e, s, ab] = def.actions
  const msg = (actionId: string) => db.flowMessage.findFirst({ where: { actionId } }).then((m) => m!.id)
  return {
    A,
    B,
    ownerA,
    ownerB,
    analystA,
    templateId: t.id,
    flowId,
    emailActionId: e!.id!,
    emailMessageId: await msg(e!.id!),
    smsActionId: s!.id!,
    smsMessageId: await msg(s!.id!),
    abActionId: ab!.id!,
  }
}
