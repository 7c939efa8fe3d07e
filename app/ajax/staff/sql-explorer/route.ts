import { ajax } from '@/lib/http/ajax'
import { explorerTables } from '@/lib/staff/sql-explorer/run-account-query'

// GET /ajax/staff/sql-explorer – staff: the tables the explorer can read, its row cap and timeout
export const GET = ajax({ staff: ['staff_sql_explorer'], handler: () => explorerTables() })
