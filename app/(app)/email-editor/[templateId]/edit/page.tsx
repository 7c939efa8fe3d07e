// /email-editor/{templateId}/edit: the same editor as /email-template-editor/template/{templateId}.
export { default, generateMetadata } from '../../../email-template-editor/template/[templateId]/page'
