import { onsiteScriptResponse } from '@/lib/onsite/serve-script'

// Built on demand from the file system and the company's settings: never prerendered.
export const dynamic = 'force-dynamic'

// GET /onsite/js/klaviyo.js?company_id={public key} – the onsite script (issue 20 §1), one <script async> tag on a store page
export const GET = onsiteScriptResponse
