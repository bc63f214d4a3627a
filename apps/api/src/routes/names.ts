// Names (the /v1/profile calls): `label.zone` registered by signing a JSON message
// `{ name, attributes, timestamp }` with the address (EIP-191; ERC-1271 / ERC-6492 for smart accounts,
// checked on the network the ENSIP-11 coin type names), resolved, reverse-looked-up and suggested.
import {
  chainOfCoinType,
  isNameLabel,
  maxNameLabelLength,
  type NameAccount,
  NameAccount as NameAccountSchema,
  NameParam,
  NameQuery,
  NameRegistration,
  NameRegistrationMessage,
  NameSuggestionsQuery,
  NameSuggestionsResponse,
  nameRuleMessage,
  ReverseNameQuery,
  ReverseNameResponse,
  SdkQuery,
} from '@walletframe/protocol'
import {
  type Address,
  createPublicClient,
  custom,
  getAddress,
  type Hex,
  isAddressEqual,
  keccak256,
  recoverMessageAddress,
  stringToHex,
} from 'viem'
import { z } from 'zod'
import type { Network } from '../chains/Networks.js'
import * as Names from '../db/names.js'
import {
  causedBy,
  fromChainFailure,
  InvalidRequestError,
  InvalidSignatureError,
  NameNotFoundError,
  NameTakenError,
  NetworkNotSupportedError,
  ReplayedMessageError,
  RpcResponseError,
  StaleMessageError,
  UpstreamError,
} from '../errors.js'
import { requireProject } from '../middleware/access.js'
import { parseAccount } from './addresses.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

const NamePath = z.object({ name: NameParam })
const AddressPath = z.object({ address: z.string().max(128) })

/** Free variants offered for a taken name. */
const suggestionCount = 3

export const docs: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/profile/account/{name}',
    summary: 'The account registered under a name: addresses by ENSIP-11 coin type, attributes',
    params: NamePath,
    query: NameQuery,
    response: NameAccountSchema,
    errors: [400, 401, 403, 404, 429],
  },
  {
    method: 'get',
    path: '/v1/profile/reverse/{address}',
    summary: 'The names registered for an address, newest first (empty when none)',
    params: AddressPath,
    query: ReverseNameQuery,
    response: ReverseNameResponse,
    errors: [400, 401, 403, 429],
  },
  {
    method: 'get',
    path: '/v1/profile/suggestions/{name}',
    summary: 'The asked name when it is free, else free variants of it',
    params: NamePath,
    query: NameSuggestionsQuery,
    response: NameSuggestionsResponse,
    errors: [400, 401, 403, 429],
  },
  {
    method: 'post',
    path: '/v1/profile/account',
    summary:
      'Register a name: the address signs the JSON message {name, attributes, timestamp (s)} (EIP-191, ' +
      'ERC-1271 or ERC-6492); refused when stale (400), replayed (409) or taken (409)',
    query: SdkQuery,
    body: NameRegistration,
    response: NameAccountSchema,
    errors: [400, 401, 403, 409, 413, 429, 502],
  },
]

export function register(app: App, deps: Deps): void {
  const { zone, messageWindowSeconds } = deps.config.options.names

  /** `label.zone` from a name or bare label; the label must follow the name rule (letters, digits and hyphens, 4 to 63 of them) and the zone be ours. */
  function fullName(value: string, field: string, askedZone?: string): string {
    const dot = value.indexOf('.')
    const label = (dot < 0 ? value : value.slice(0, dot)).toLowerCase()
    const inZone = (dot < 0 ? (askedZone ?? zone) : value.slice(dot + 1)).toLowerCase()
    if (inZone !== zone)
      throw new InvalidRequestError(`Invalid ${field}: names are registered in ${zone}`, field)
    if (!isNameLabel(label)) {
      throw new InvalidRequestError(
        `Invalid ${field}: ${nameRuleMessage} (at most ${maxNameLabelLength})`,
        field,
      )
    }
    return `${label}.${zone}`
  }

  function evmNetworkOf(coinType: number): Network {
    const chainId = chainOfCoinType(coinType)
    const entry = chainId === undefined ? undefined : deps.networks.get(`eip155:${chainId}`)
    if (entry?.network.chainNamespace !== 'eip155') {
      throw new NetworkNotSupportedError(
        `coin_type ${coinType} names no EVM network this API serves (ENSIP-11: 60, or 0x80000000 | chainId)`,
      )
    }
    return entry!
  }

  app.get('/v1/profile/account/:name', requireProject(deps, { from: 'query' }), async (c) => {
    const { name } = validate.params(c, NamePath)
    validate.query(c, NameQuery)
    const full = fullName(name, 'name')
    const row = await Names.byName(deps.db, full)
    if (!row) throw new NameNotFoundError(full)
    return c.json(toAccount(row) satisfies NameAccount)
  })

  app.get('/v1/profile/reverse/:address', requireProject(deps, { from: 'query' }), async (c) => {
    const { address } = validate.params(c, AddressPath)
    validate.query(c, ReverseNameQuery)
    const account = parseAccount(address, 'address')
    // Names are registered by EVM addresses only; any other has none.
    if (account.namespace !== 'eip155') return c.json([] satisfies ReverseNameResponse)
    const rows = await Names.byAddress(deps.db, account.address)
    return c.json(rows.map(toAccount) satisfies ReverseNameResponse)
  })

  app.get('/v1/profile/suggestions/:name', requireProject(deps, { from: 'query' }), async (c) => {
    const { name } = validate.params(c, NamePath)
    const query = validate.query(c, NameSuggestionsQuery)
    const asked = fullName(name, 'name', query.zone)
    const label = asked.slice(0, -zone.length - 1)
    if (!(await Names.taken(deps.db, [asked])).has(asked)) {
      return c.json({ suggestions: [{ name: asked, registered: false }] } satisfies NameSuggestionsResponse)
    }
    // Numbered variants, the base shortened so that the variant still fits a label.
    const candidates = Array.from({ length: 20 }, (_, i) => {
      const suffix = String(i + 1)
      return `${label.slice(0, maxNameLabelLength - suffix.length)}${suffix}.${zone}`
    })
    const registered = await Names.taken(deps.db, candidates)
    const free = candidates.filter((candidate) => !registered.has(candidate)).slice(0, suggestionCount)
    return c.json({
      suggestions: [
        { name: asked, registered: true },
        ...free.map((candidate) => ({ name: candidate, registered: false })),
      ],
    } satisfies NameSuggestionsResponse)
  })

  app.post('/v1/profile/account', requireProject(deps, { from: 'query' }), async (c) => {
    validate.query(c, SdkQuery)
    const body = validate.body(await validate.json(c, 32 * 1024), NameRegistration)
    let parsed: unknown
    try {
      parsed = JSON.parse(body.message)
    } catch {
      throw new InvalidRequestError(
        'Invalid body.message: not JSON text of {name, attributes, timestamp}',
        'body.message',
      )
    }
    const checked = z.safeParse(NameRegistrationMessage, parsed)
    if (!checked.success) throw InvalidRequestError.fromZod('body.message', checked.error)
    const message = checked.data
    const name = fullName(message.name, 'body.message.name')
    if (Math.abs(Date.now() / 1000 - message.timestamp) > messageWindowSeconds) {
      throw new StaleMessageError(messageWindowSeconds)
    }
    const entry = evmNetworkOf(body.coin_type)
    const address = getAddress(body.address.toLowerCase())
    await verify(entry, address, body.message, body.signature as Hex)
    const result = await Names.insert(deps.db, {
      name,
      zone,
      coinType: body.coin_type,
      address,
      attributes: message.attributes ?? {},
      messageHash: keccak256(stringToHex(`${address}\n${body.message}`)),
    })
    if ('conflict' in result) {
      throw result.conflict === 'replayed' ? new ReplayedMessageError() : new NameTakenError(name)
    }
    return c.json(toAccount(result.row) satisfies NameAccount)
  })
}

/**
 * Whether `address` signed `message`: an EOA's EIP-191 signature is recovered here, without a round
 * trip; anything else is asked of the chain (ERC-1271 on a deployed account, ERC-6492 on one that is
 * not deployed yet, through viem's deployless verifier).
 */
async function verify(entry: Network, address: Address, message: string, signature: Hex): Promise<void> {
  try {
    if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return
  } catch {
    // Not a 65-byte ECDSA signature: a smart account's, or garbage; the chain decides.
  }
  const client = createPublicClient({
    transport: custom({ request: ({ method, params }) => entry.upstream.request(method, params) }),
    // A signature may carry a CCIP-read URL; the API must not fetch where a caller points it.
    ccipRead: false,
  })
  let valid: boolean
  try {
    valid = await client.verifyMessage({ address, message, signature })
  } catch (error) {
    // An unreachable node is an outage (502); anything else is a signature that does not parse.
    if (causedBy(error, UpstreamError) || causedBy(error, RpcResponseError)) {
      throw fromChainFailure(entry.network.caipNetworkId, error, 'signature check failed', 'signature')
    }
    throw new InvalidSignatureError()
  }
  if (!valid) throw new InvalidSignatureError()
}

function toAccount(row: Names.NameRow): NameAccount {
  return {
    name: row.name,
    addresses: { [String(row.coinType)]: { address: row.address } },
    attributes: row.attributes,
    createdAt: row.createdAt.toISOString(),
  }
}
