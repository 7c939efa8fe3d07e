import { ajax } from '@/lib/http/ajax'
import { editorTargetQuery, resolveEditorTemplate } from '@/lib/editor-targets/resolve-editor-template'

// GET /ajax/email-template-editor/target?kind=campaign|variation|flow-message|segment-and-send|profile-campaign&id=…
// – the template the editor opens for that message (404 when it has none)
export const GET = ajax({
  resources: ['templates_read'],
  query: editorTargetQuery,
  handler: async ({ ctx, query }) => ({
    target: await resolveEditorTemplate(ctx.principal.companyId, query.kind, query.id),
  }),
})
