import { ajax } from '@/lib/http/ajax'
import { scheduleForm, scheduleInput } from '@/lib/forms/store/schedule-form'

// POST /ajax/forms/[formId]/schedule – publishAt / unpublishAt as date, time and IANA zone (both null clears)
export const POST = ajax({
  resources: ['forms_write'],
  body: scheduleInput,
  handler: async ({ ctx, params, body }) => ({
    form: await scheduleForm(ctx.principal.companyId, params.formId!, body),
  }),
})
