// Names (the API's profile calls): suggestions for a label while it is typed, the account a name
// resolves to, and the names of an address. Registration is a POST, made by core/actions/registerName.
import { queryOptions } from '@tanstack/react-query'
import {
  NameAccount,
  type NameRegistration,
  NameSuggestionsResponse,
  ReverseNameResponse,
} from '@walletframe/protocol'
import type { Client } from '../data/client.js'

export function suggestions(api: Pick<Client, 'get'>, label: string, zone?: string) {
  return queryOptions({
    queryKey: ['names', 'suggestions', label.toLowerCase(), zone ?? null] as const,
    queryFn: ({ signal }) =>
      api.get(`v1/profile/suggestions/${encodeURIComponent(label)}`, {
        query: { zone },
        schema: NameSuggestionsResponse,
        signal,
      }),
    // A name can be taken by someone else at any moment; a suggestion is only as good as it is fresh.
    staleTime: 10_000,
  })
}

/** The account registered under `name` (`label.zone`). */
export function account(api: Pick<Client, 'get'> | undefined, name: string) {
  return queryOptions({
    queryKey: ['names', 'account', name.toLowerCase()] as const,
    queryFn: ({ signal }) => {
      if (!api) throw new Error('No Walletframe API: names cannot be resolved')
      return api.get(`v1/profile/account/${encodeURIComponent(name)}`, {
        query: { apiVersion: 2 },
        schema: NameAccount,
        signal,
      })
    },
    staleTime: 60_000,
  })
}

/** The names of `address`, newest first. */
export function reverse(api: Pick<Client, 'get'>, address: string, sender?: string) {
  return queryOptions({
    queryKey: ['names', 'reverse', address.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      api.get(`v1/profile/reverse/${encodeURIComponent(address)}`, {
        query: { sender, apiVersion: 2 },
        schema: ReverseNameResponse,
        signal,
      }),
    staleTime: 5 * 60_000,
  })
}

export function register(api: Pick<Client, 'post'>, registration: NameRegistration): Promise<NameAccount> {
  return api.post('v1/profile/account', registration, { schema: NameAccount })
}
