// Networks as operators and hosts write them: a built-in network's CAIP-2 id, that id with the
// fields to change, or a whole network the catalog lacks. Each entry resolves to a full ChainNetwork,
// so code past the parse only ever sees complete networks.
import { parseNetworkId } from '../caip.js'
import { ChainNetwork } from '../chains.js'
import * as z from '../internal/zod.js'
import { getBuiltinNetwork } from './catalog.js'
import { replaceDefaultRpcUrls } from './rpcUrls.js'

type Shape = typeof ChainNetwork.shape
type WithoutDefault<T> = T extends z.ZodMiniDefault<infer Inner> ? Inner : T

/**
 * Every ChainNetwork field, optional and with its checks but without its default: a default would
 * fill an absent field (`contracts: {}`) and hide the catalog's value behind it. Built from the
 * shape so a field added to ChainNetwork can be overridden too; the cast restates what the map does.
 */
const Fields = z.object(
  Object.fromEntries(
    Object.entries(ChainNetwork.shape).map(([key, field]) => [
      key,
      z.optional(field instanceof z.ZodMiniDefault ? field.def.innerType : field),
    ]),
  ) as { [K in keyof Shape]: z.ZodMiniOptional<WithoutDefault<Shape[K]>> },
)

/** An object entry: a CAIP-2 id and any other ChainNetwork fields. */
const NetworkObject = z.extend(Fields, { caipNetworkId: ChainNetwork.shape.caipNetworkId })
type NetworkObject = z.infer<typeof NetworkObject>

/** The fields a network outside the catalog needs besides its id (namespace and id follow from it). */
const customRequired = ['name', 'nativeCurrency', 'rpcUrls'] as const

/**
 * One network entry, resolved to a full ChainNetwork:
 * - `"eip155:8453"`: the built-in network with that id;
 * - `{ caipNetworkId, ...fields }` for a built-in id: the built-in network with these fields
 *   replaced (`contracts` merge by name, as each names its own address);
 * - an object complete on its own (chainNamespace, id, name, nativeCurrency, rpcUrls): taken as
 *   written, the catalog ignored, as the devstack's chains file gives local chains under mainnet ids;
 * - an object for an id outside the catalog: must be complete, except that chainNamespace and id
 *   default to the parts of its caipNetworkId.
 */
export const NetworkEntry = z.pipe(
  z.union([ChainNetwork.shape.caipNetworkId, NetworkObject]),
  z.transform((entry, ctx): ChainNetwork => {
    const resolved = resolve(entry)
    if (!Array.isArray(resolved)) return resolved
    // zod/mini's transform gets the bare parse payload (no addIssue): the issues go on it directly.
    for (const issue of resolved) ctx.issues.push({ code: 'custom', ...issue, input: entry })
    return z.NEVER
  }),
)
export type NetworkEntryInput = z.input<typeof NetworkEntry>

/** A list of network entries, each resolved to a full ChainNetwork; an id may appear once. */
export const NetworkEntries = z.array(NetworkEntry).check(
  z.superRefine((networks, ctx) => {
    const seen = new Set<string>()
    for (const [index, network] of networks.entries()) {
      if (seen.has(network.caipNetworkId))
        ctx.addIssue({
          code: 'custom',
          message: `duplicate ${network.caipNetworkId}`,
          path: [index, 'caipNetworkId'],
          input: networks,
        })
      seen.add(network.caipNetworkId)
    }
  }),
)
export type NetworkEntriesInput = z.input<typeof NetworkEntries>

/**
 * Resolves network entries to full networks; throws a ZodError naming the bad entry. With
 * `rpcUrl`, networks left on their built-in RPC URLs move to the URL it gives (see
 * replaceDefaultRpcUrls).
 */
export function resolveNetworks(
  entries: NetworkEntriesInput,
  options: resolveNetworks.Options = {},
): ChainNetwork[] {
  const networks = NetworkEntries.parse(entries)
  return options.rpcUrl ? replaceDefaultRpcUrls(networks, options.rpcUrl) : networks
}

export declare namespace resolveNetworks {
  type Options = {
    /** The RPC URL for a network whose entry gave none of its own; undefined keeps the built-in one. */
    rpcUrl?: ((network: ChainNetwork) => string | undefined) | undefined
  }
}

type Issue = { message: string; path?: PropertyKey[] }

/** The full network an entry stands for, or why it stands for none. */
function resolve(entry: string | NetworkObject): ChainNetwork | Issue[] {
  const caipNetworkId = typeof entry === 'string' ? entry : entry.caipNetworkId
  const builtin = getBuiltinNetwork(caipNetworkId)
  const notBuiltin = [
    { message: `${caipNetworkId} is not a built-in network; give name, nativeCurrency and rpcUrls` },
  ]
  if (typeof entry === 'string') return builtin ? ChainNetwork.parse(builtin) : notBuiltin
  const given = defined(entry)
  const whole = ChainNetwork.safeParse(builtin ? given : { ...idParts(caipNetworkId), ...given })
  let network: ChainNetwork
  if (whole.success) network = whole.data
  else if (builtin)
    network = ChainNetwork.parse({
      ...builtin,
      ...given,
      contracts: { ...builtin.contracts, ...given.contracts },
    })
  else if (customRequired.some((key) => given[key] === undefined)) return notBuiltin
  // The fields were checked already: only a chainNamespace or id read from the id can fail (`cosmos:…`).
  else return whole.error.issues.map(({ message, path }) => ({ message, path }))
  const expected = `${network.chainNamespace}:${network.id}`
  if (expected !== network.caipNetworkId)
    return [
      {
        message: `${network.caipNetworkId} does not match its chainNamespace and id (${expected})`,
        path: ['caipNetworkId'],
      },
    ]
  return network
}

/** The fields of an entry that hold a value: `{ name: undefined }` must not erase a built-in name. */
function defined(entry: NetworkObject): NetworkObject {
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)) as NetworkObject
}

/** chainNamespace and id as a CAIP-2 id implies them: eip155 ids are numbers, the rest references. */
function idParts(caipNetworkId: string): { chainNamespace: string; id: string | number } {
  const { namespace, reference } = parseNetworkId(caipNetworkId)
  return { chainNamespace: namespace, id: namespace === 'eip155' ? Number(reference) : reference }
}
