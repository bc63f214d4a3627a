// What the review falls back on when the API's review does not arrive in time: the project's deny list,
// which the frame holds from the handshake. A request the list would block stays blocked however slow
// the API is (or is made to be: a request built to simulate slowly, a throttled connection); anything
// else may proceed, as when the API is down, with the review said to be unavailable.
import { type DenyList, deniedOf, parseDenyList } from '@walletframe/protocol'
import * as CallFunctions from '../chains/eip155/callFunctions.js'
import type { Waiting } from './review.js'
import { reviewedRequestOf } from './reviewedRequest.js'

/**
 * How long the review may take before the view says it is unavailable. A healthy review paints in
 * about 100 ms on the devnet (bench/review.ts: p95 200 ms) and a slow public node's eth_simulateV1
 * takes a second or two; 4 s is past both, and well short of the API client's 10 s timeout, which is
 * for every call and would keep Approve disabled that long.
 */
export const reviewDeadlineMs = 4_000

const address = /0x[0-9a-fA-F]{40}/g

/** Every address a value names, at any depth (typed data nests its parties in structs and arrays). */
function addressesIn(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return value.match(address) ?? []
  if (depth > 16 || typeof value !== 'object' || value === null) return []
  return Object.values(value).flatMap((item) => addressesIn(item, depth + 1))
}

/**
 * Everyone a request names: each call's target and the addresses among its decoded arguments, and
 * every address in typed data. Undefined for a request it cannot read (a Solana transaction).
 */
export function counterpartiesOf(request: Pick<Waiting, 'method' | 'params'>): string[] | undefined {
  const reviewed = reviewedRequestOf(request.method, request.params)
  if (!reviewed) return []
  switch (reviewed.kind) {
    case 'calls':
      return reviewed.calls.flatMap((call) => {
        const decoded = CallFunctions.decode(call.data)
        return [call.to, ...(decoded?.args ?? []).flatMap((arg) => addressesIn(arg.value))]
      })
    case 'typedData':
      return addressesIn(reviewed.typedData)
    case 'message':
    case 'hash':
      return []
    case 'solanaTransaction':
      return undefined
  }
}

let parsed: { text: string; list: DenyList } | undefined

/**
 * The listed counterparties of `request` on its network: none for a project without a list, undefined
 * when the request cannot be read (then only the API's review can clear it).
 */
export function deniedIn(denyList: string | undefined, request: Waiting): readonly string[] | undefined {
  const parties = counterpartiesOf(request)
  if (!parties || !denyList) return parties && []
  // The list is the project's and the same for every request: parsed once.
  if (parsed?.text !== denyList) parsed = { text: denyList, list: parseDenyList(denyList) }
  return deniedOf(parsed.list, request.network ?? '', parties)
}
