// What the Form row mirrors from its definition (issue 20 contracts: Form.listId is the first
// subscribe target; seed 002 §3.4 channelType from the fields a form collects).
import type { FormVersionDefinition } from './version'
import { actionOf, blocksOf } from './walk'

export type FormType = 'popup' | 'flyout' | 'full_page' | 'embed' | 'banner'
export type ChannelType = 'email' | 'sms' | 'email_and_sms'

export interface DefinitionSummary {
  formType: FormType
  channelType: ChannelType
  listId: string | null
}

/** The vendor calls a full page form full_screen; our listing and the onsite script say full_page. */
export function formTypeOf(type: FormVersionDefinition['type']): FormType {
  return type === 'full_screen' ? 'full_page' : type
}

export function summarizeDefinition(version: FormVersionDefinition): DefinitionSummary {
  let email = false
  let sms = false
  let listId: string | null = null
  for (const { block } of blocksOf(version)) {
    if (block.type === 'email') email = true
    if (block.type === 'phone_number' || block.type === 'promotional_sms_checkbox') sms = true
    const props = actionOf(block)?.properties as { list_id?: string | null } | null | undefined
    if (!listId && props?.list_id) listId = props.list_id
  }
  const channelType: ChannelType = email && sms ? 'email_and_sms' : sms ? 'sms' : 'email'
  return { formType: formTypeOf(version.type), channelType, listId }
}
