// The signed-in user's passkeys as the Account view lists them. Adding and removing are mutations
// that invalidate this key.
import { queryOptions } from '@tanstack/react-query'
import type { Passkeys } from '../lib/embeddedLogin.js'

export const passkeysKey = ['passkeys'] as const

/** `user`: who is signed in, so two users of one frame never share an answer. */
export function list(passkeys: Pick<Passkeys, 'list'>, user: string) {
  return queryOptions({
    queryKey: [...passkeysKey, user, 'list'] as const,
    queryFn: () => passkeys.list(),
    // Fetched again each time Account shows it: another device of the user may have changed them.
    staleTime: 0,
  })
}
