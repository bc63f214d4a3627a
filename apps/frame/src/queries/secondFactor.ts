// The signed-in user's second factor as the Account view shows it: on or off, and recovery codes left.
// Enrolment and turning it off are mutations that invalidate this key.
import { queryOptions } from '@tanstack/react-query'
import type { SecondFactor } from '../lib/embeddedLogin.js'

export const secondFactorKey = ['secondFactor'] as const

/** `user`: who is signed in (their address or name), so two users of one frame never share an answer. */
export function status(factor: Pick<SecondFactor, 'status'>, user: string) {
  return queryOptions({
    queryKey: [...secondFactorKey, user, 'status'] as const,
    queryFn: () => factor.status(),
    // Fetched again each time Account shows it: another device of the user may have changed it.
    staleTime: 0,
  })
}
