import { ajax, z } from '@/lib/http/ajax'
import { listForms, listFormsQuery } from '@/lib/forms/store/list-forms'
import { createFormFromTemplate } from '@/lib/forms/store/create-from-template'

// GET /ajax/forms – the /forms listing (seed 002 §3.4 items and totalCount), filtered, sorted, paged
export const GET = ajax({
  resources: ['forms_read'],
  query: listFormsQuery,
  handler: ({ ctx, query }) => listForms(ctx.principal.companyId, query),
})

const createBody = z
  .object({
    templateKey: z.string().min(1).max(64).optional(),
    name: z.string().max(255).optional(),
    listId: z.string().min(1).max(64).optional(),
  })
  .strict()

// POST /ajax/forms – a new draft form from a /forms/create template (blank when none), subscribing to listId
export const POST = ajax({
  resources: ['forms_write'],
  body: createBody,
  status: 201,
  handler: async ({ ctx, body }) => ({ form: await createFormFromTemplate(ctx.principal.companyId, body) }),
})
