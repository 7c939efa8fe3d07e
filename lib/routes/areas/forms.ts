// Seed 001 §2.14 (forms and growth tools).
import { defineArea, EDITOR, PAGE } from '../define-route'

const forms = defineArea('forms', { required: ['forms_read'] })
const growthTools = defineArea('growth-tools', { required: ['growth_tools_read'] })

export const FORM_ROUTES = [
  forms('/forms', { built: true }),
  forms('/forms/create', { ...PAGE, built: true }),
  forms('/forms/:formId', { built: true }),
  forms('/forms/:formId/reports/overview/:experimentId?', { built: true }),
  forms('/forms/:formId/reports/tests/:experimentId?', { built: true }),
  forms('/forms/:formId/test', { ...PAGE, built: true }),
  forms('/forms/:formId/test/live', { ...PAGE, built: true }),
  forms('/forms/:formId/variations/:formVersionId/edit', { ...EDITOR, built: true }),
  forms('/forms/:formId/variations/:formVersionId/view', { ...PAGE, built: true }),
  forms('/cloning/wizard/form/:formId', { ...PAGE, built: true }),

  growthTools('/growth-tools/consent-pages', { built: true }),
  growthTools('/growth-tools/subscribe-links', { built: true }),
  growthTools('/growth-tools/subscribe-links/create', { built: true }),
  growthTools('/growth-tools/subscribe-links/:linkId', { built: true }),
]
