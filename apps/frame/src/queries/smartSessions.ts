// A smart-session grant's spending in the current period, read from the smart account's own record
// (the account is what enforces the limits, so its figures are the ones to show).
import { queryOptions } from '@tanstack/react-query'
import type { SmartSessions } from '../lib/embeddedLogin.js'

export const smartSessionsKey = ['smartSessions'] as const

export function usage(sessions: Pick<SmartSessions, 'usage'>, id: string) {
  return queryOptions({
    queryKey: [...smartSessionsKey, id, 'usage'] as const,
    queryFn: () => sessions.usage(id),
    // Every call inside the grant spends from it without this frame's Account view knowing.
    staleTime: 5_000,
  })
}
