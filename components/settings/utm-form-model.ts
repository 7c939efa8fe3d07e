// The UTM screen's form state and its conversion from and to /ajax/account/utm (keys arrive
// camelized by the http client: utm_source → utmSource; values as they are).
import {
  UTM_PARAMS,
  type CustomParam,
  type ParamSetting,
  type ParamValue,
  type UtmParamName,
} from '@/lib/messaging/tracking/utm-constants'

export interface UtmForm {
  autoAddParameters: boolean
  params: Record<UtmParamName, ParamSetting>
  custom: Array<CustomParam & { key: number }>
}

type Camel<S extends string> = S extends `${infer A}_${infer B}` ? `${A}${Capitalize<Camel<B>>}` : S
export type WireParams = { [K in UtmParamName as Camel<K>]: ParamSetting | null }
export interface WireSettings {
  autoAddParameters: boolean
  params: WireParams
  customParameters: CustomParam[]
}
export interface UtmLoaded {
  utm: WireSettings
  defaults: WireSettings
  dynamicValues: { campaign: string[]; flow: string[] }
}

export const camel = (name: UtmParamName) =>
  name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as Camel<UtmParamName>

let nextKey = 1
export const newKey = () => nextKey++

export function formFrom(w: WireSettings): UtmForm {
  const params = {} as Record<UtmParamName, ParamSetting>
  for (const name of UTM_PARAMS) params[name] = w.params[camel(name)] ?? { campaign: null, flow: null }
  return {
    autoAddParameters: w.autoAddParameters,
    params,
    custom: w.customParameters.map((c) => ({ ...c, key: newKey() })),
  }
}

const empty = (p: ParamSetting) => !p.campaign && !p.flow

export function wireFrom(f: UtmForm) {
  const params: Record<string, ParamSetting | null> = {}
  for (const name of UTM_PARAMS) {
    const p = f.params[name]
    params[name] = name === 'utm_source' || name === 'utm_medium' || !empty(p) ? p : null
  }
  return {
    autoAddParameters: f.autoAddParameters,
    params,
    customParameters: f.custom.map(({ name, campaign, flow }) => ({ name: name.trim(), campaign, flow })),
  }
}

/** The select's value for a parameter side: '' (not used), 'static', or the dynamic value. */
export const choiceOf = (p: ParamValue | null) => (!p ? '' : p.type === 'static' ? 'static' : p.value)

export function fromChoice(choice: string, current: ParamValue | null): ParamValue | null {
  if (!choice) return null
  if (choice === 'static') return { type: 'static', value: current?.type === 'static' ? current.value : '' }
  return { type: 'dynamic', value: choice as never }
}
