// What the /cdp/code and /cdp/transformation screens read from /ajax/cdp/… (JSON shapes).
export type { FunctionDto } from '@/lib/cdp-code/screen-data'
export type { InvocationDto, InvocationDetailDto } from '@/lib/cdp-code/invocations'
export type { TransformationDto, TransformationRunDto } from '@/lib/cdp-code/transformation-store'

export interface AuthorizationDto {
  accepted: boolean
  acceptedAt: string | null
  acceptedBy: string | null
}

export const CDP_WRITE = ['data_transform_read', 'integrations_write'] as const
export const FUNCTIONS_KEY = '/ajax/cdp/code/functions'
export const TRANSFORMATIONS_KEY = '/ajax/cdp/transformations'
