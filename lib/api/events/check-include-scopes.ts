// include=profile and include=metric reveal other resources: the vendor asks for their read
// scopes too (an events-only key must not read profiles' emails through an include).
import { requireScopes, type ApiCtx } from '@/lib/api/api-route'

export function checkEventIncludeScopes(ctx: ApiCtx): void {
  const include = (ctx.url.searchParams.get('include') ?? '').split(',').map((s) => s.trim())
  if (include.includes('profile')) requireScopes(ctx, ['profiles:read'], 'include=profile')
  if (include.includes('metric')) requireScopes(ctx, ['metrics:read'], 'include=metric')
}
