import { ajax } from '@/lib/http/ajax'
import { removeTestRecipient } from '@/lib/test-recipients/test-recipients'

// DELETE /ajax/account/test-recipients/{id} – removes one
export const DELETE = ajax({
  resources: ['account_settings_write'],
  intParams: ['id'],
  handler: async ({ ctx, params }) => {
    await removeTestRecipient(ctx.principal.companyId, Number(params.id))
    return { ok: true }
  },
})
