import { ajax } from '@/lib/http/ajax'
import { LAYOUTS } from '@/lib/templates/store/layouts'

// GET /ajax/email-templates/layouts – the built-in layouts a new template can start from
export const GET = ajax({
  resources: ['templates_read'],
  handler: () => ({
    layouts: LAYOUTS.map(({ id, name, description, editorType }) => ({ id, name, description, editorType })),
  }),
})
