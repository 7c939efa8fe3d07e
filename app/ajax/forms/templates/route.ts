import { ajax } from '@/lib/http/ajax'
import { FORM_TEMPLATES } from '@/lib/forms/templates/form-templates'

// GET /ajax/forms/templates – the /forms/create starting templates
export const GET = ajax({
  resources: ['forms_read'],
  handler: () => ({
    templates: FORM_TEMPLATES.map(({ key, name, description, formType, channelType }) => ({
      key,
      name,
      description,
      formType,
      channelType,
    })),
  }),
})
