// What one signature may move, read by the Worker from the very payload it signs: the claims of a send
// pass (PassSpend). The API weighs them against the user's threshold; the Worker signs a payload only
// with a pass whose claims equal what it reads here, so a script in the frame's page that describes a
// payload falsely gets a pass that opens no other. The rule throughout: what cannot be read counts as
// `unknown`, which any threshold stops, and a signature that can move nothing needs no pass at all.
import type { PassSpend, PassToken } from '@walletframe/protocol'
import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  hashMessage,
  hashTypedData,
  hexToBytes,
  isAddressEqual,
  keccak256,
  parseTransaction,
  type SignableMessage,
  serializeTransaction,
  stringToBytes,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import { entryPoint07Address, getUserOperationHash, type UserOperation } from 'viem/account-abstraction'

/** What the Worker may be asked to sign. */
export type Payload =
  | { kind: 'evm-message'; chain: string; message: SignableMessage }
  | { kind: 'evm-typed-data'; chain: string; typedData: TypedDataDefinition }
  | { kind: 'evm-transaction'; transaction: TransactionSerializable }
  | { kind: 'user-operation'; chainId: number; userOperation: UserOperation<'0.7'> }
  | { kind: 'solana-transaction'; chain: string; message: Uint8Array }

/** What a payload moves out of the wallet, before it is named by its network and digest. */
export type Moves = { native: bigint; tokens: PassToken[]; unknown: boolean }

const none = (): Moves => ({ native: 0n, tokens: [], unknown: false })
const unknown = (): Moves => ({ native: 0n, tokens: [], unknown: true })

export function add(into: Moves, more: Moves): Moves {
  return {
    native: into.native + more.native,
    tokens: [...into.tokens, ...more.tokens],
    unknown: into.unknown || more.unknown,
  }
}

/** The claims for `moves`: more tokens than a pass names count as unknown. */
export function claims(chain: string, digest: Hex, moves: Moves): PassSpend {
  // The caller's network id is checked by the pass's own schema at the API.
  const network = chain as PassSpend['chain']
  const tooMany = moves.tokens.length > 16
  return {
    chain: network,
    digest: digest.toLowerCase(),
    native: moves.native.toString(),
    tokens: tooMany ? [] : moves.tokens,
    unknown: moves.unknown || tooMany,
  }
}

/** Whether a pass's claims are the payload's own. */
export function same(claimed: PassSpend | undefined, read: PassSpend): boolean {
  if (!claimed) return false
  return (
    claimed.chain === read.chain &&
    claimed.digest === read.digest &&
    claimed.native === read.native &&
    claimed.unknown === read.unknown &&
    claimed.tokens.length === read.tokens.length &&
    claimed.tokens.every(
      (token, i) => token.asset === read.tokens[i]?.asset && token.amount === read.tokens[i]?.amount,
    )
  )
}

/**
 * The calls whose effect the Worker reads: ERC-20 (and ERC-721, whose transferFrom and approve share
 * the selectors: a token id then reads as an amount of a token without a price, which is over any
 * threshold), approvals of a whole collection, wrapping the coin, and a Uniswap V2 router's exact-input
 * swaps (the API's swaps go through one): what they spend is their input, wherever the output goes.
 */
const swapTail = [
  { name: 'amountOutMin', type: 'uint256' },
  { name: 'path', type: 'address[]' },
  { name: 'to', type: 'address' },
  { name: 'deadline', type: 'uint256' },
] as const
const swapInputs = [{ name: 'amountIn', type: 'uint256' }, ...swapTail] as const
const abiFunction = <
  const Name extends string,
  const Inputs extends readonly { name: string; type: string }[],
>(
  name: Name,
  inputs: Inputs,
) => ({ type: 'function', name, stateMutability: 'nonpayable', outputs: [], inputs }) as const

// JSON ABIs (viem's ERC-20 one among them), not human-readable signatures: the Worker then carries no
// ABI parser.
const knownCalls = [
  ...erc20Abi,
  abiFunction('increaseAllowance', [
    { name: 'spender', type: 'address' },
    { name: 'added', type: 'uint256' },
  ]),
  abiFunction('setApprovalForAll', [
    { name: 'operator', type: 'address' },
    { name: 'approved', type: 'bool' },
  ]),
  abiFunction('deposit', []),
  abiFunction('swapExactTokensForTokens', swapInputs),
  abiFunction('swapExactTokensForETH', swapInputs),
  abiFunction('swapExactETHForTokens', swapTail),
] as const

const token = (asset: string, amount: bigint): PassToken => ({
  asset: asset.toLowerCase(),
  amount: amount.toString(),
})

/** What one call moves: its coin, and what its calldata reads as. */
export function callMoves(call: {
  to?: Address | null | undefined
  data?: Hex | undefined
  value?: bigint | undefined
}): Moves {
  const moves: Moves = { native: call.value ?? 0n, tokens: [], unknown: false }
  if (call.data === undefined || call.data === '0x') return moves
  // A contract creation runs code nobody has read.
  if (!call.to) return { ...moves, unknown: true }
  let decoded: ReturnType<typeof decodeFunctionData<typeof knownCalls>>
  try {
    decoded = decodeFunctionData({ abi: knownCalls, data: call.data })
  } catch {
    return { ...moves, unknown: true }
  }
  const of = (asset: string, amount: bigint): Moves => ({ ...moves, tokens: [token(asset, amount)] })
  switch (decoded.functionName) {
    case 'transfer':
    case 'approve':
    case 'increaseAllowance':
      // Zero is named too: an ERC-721 approval of token id 0 is no revocation.
      return of(call.to, decoded.args[1])
    case 'transferFrom':
      // Whoever's tokens they are (the wallet's other account's, through an allowance), this signature moves them.
      return of(call.to, decoded.args[2])
    case 'setApprovalForAll':
      return decoded.args[1] ? { ...moves, unknown: true } : moves
    case 'swapExactTokensForTokens':
    case 'swapExactTokensForETH': {
      const [amountIn, , path] = decoded.args
      return path[0] ? of(path[0], amountIn) : { ...moves, unknown: true }
    }
    case 'swapExactETHForTokens':
    case 'deposit':
      return moves
    default:
      // A read (balanceOf, allowance…) sent as a transaction: nothing this reader vouches for.
      return { ...moves, unknown: true }
  }
}

/**
 * An EVM transaction: its call, and its fee at the most it may cost (gas limit times the highest price
 * its type pays). Read from its own serialization, parsed back: what is signed, not fields its type
 * ignores (a legacy transaction carrying a maxFeePerGas of 0 pays its gasPrice all the same).
 */
export function transactionSpend(transaction: TransactionSerializable): PassSpend {
  const serialized = serializeTransaction(transaction)
  const digest = keccak256(serialized)
  const signed = parseTransaction(serialized)
  const chain = `eip155:${signed.chainId ?? 0}`
  // Without a chain id it is valid on every chain; a delegation (EIP-7702) or blobs do more than a call.
  if (!signed.chainId || (signed.type !== 'legacy' && signed.type !== 'eip2930' && signed.type !== 'eip1559'))
    return claims(chain, digest, unknown())
  const price = (signed.type === 'eip1559' ? signed.maxFeePerGas : signed.gasPrice) ?? 0n
  const moves = callMoves({ to: signed.to, data: signed.data, value: signed.value })
  return claims(chain, digest, { ...moves, native: moves.native + (signed.gas ?? 0n) * price })
}

const soladyAccount = [
  abiFunction('execute', [
    { name: 'target', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
  ]),
  abiFunction('executeBatch', [
    {
      name: 'calls',
      type: 'tuple[]',
      components: [
        { name: 'target', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'data', type: 'bytes' },
      ],
    },
  ]),
] as const

/** The calls a smart account's UserOperation makes, or undefined when its callData is none the account's wallet builds. */
function userOperationCalls(callData: Hex): { target: Address; value: bigint; data: Hex }[] | undefined {
  try {
    const decoded = decodeFunctionData({ abi: soladyAccount, data: callData })
    if (decoded.functionName === 'execute') {
      const [target, value, data] = decoded.args
      return [{ target, value, data }]
    }
    return [...decoded.args[0]]
  } catch {
    return undefined
  }
}

/**
 * A UserOperation of the wallet's smart account (EntryPoint v0.7): its calls from the account, and
 * its gas at the most it may cost. The digest is the hash the owner signs.
 */
export function userOperationSpend(chainId: number, userOperation: UserOperation<'0.7'>): PassSpend {
  const digest = getUserOperationHash({
    chainId,
    entryPointAddress: entryPoint07Address,
    entryPointVersion: '0.7',
    userOperation,
  })
  const chain = `eip155:${chainId}`
  const calls = userOperationCalls(userOperation.callData)
  if (!calls) return claims(chain, digest, unknown())
  let moves = none()
  for (const call of calls) {
    // A call to the account itself changes the account (its owner, its code): more than a spend.
    moves = isAddressEqual(call.target, userOperation.sender)
      ? add(moves, unknown())
      : add(moves, callMoves({ to: call.target, data: call.data, value: call.value }))
  }
  // Its gas at the most, paymaster or not: a paymaster may charge the account (in tokens it approved).
  const gas =
    userOperation.callGasLimit +
    userOperation.verificationGasLimit +
    userOperation.preVerificationGas +
    (userOperation.paymasterVerificationGasLimit ?? 0n) +
    (userOperation.paymasterPostOpGasLimit ?? 0n)
  moves = { ...moves, native: moves.native + gas * userOperation.maxFeePerGas }
  return claims(chain, digest, moves)
}

const bytesOf = (message: SignableMessage): Uint8Array =>
  typeof message === 'string'
    ? stringToBytes(message)
    : typeof message.raw === 'string'
      ? hexToBytes(message.raw)
      : message.raw

/**
 * personal_sign: a message of 32 bytes is what a smart account's owner signs to allow a UserOperation
 * (EIP-191 over its hash), so it may move anything; any other message moves nothing.
 */
export function messageSpend(chain: string, message: SignableMessage): PassSpend | undefined {
  if (bytesOf(message).length !== 32) return undefined
  return claims(chain, hashMessage(message), unknown())
}

const personalPrefix = stringToBytes('\x19Ethereum Signed Message:\n')

/**
 * ERC-7739's PersonalSign wraps an EIP-191 message: it moves nothing only when its bytes are exactly
 * the prefix, a length without leading zeros other than 32, and that many bytes.
 */
function personalSignMoves(prefixed: unknown): Moves | undefined {
  if (typeof prefixed !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(prefixed)) return unknown()
  const bytes = hexToBytes(prefixed as Hex)
  if (!personalPrefix.every((byte, i) => bytes[i] === byte)) return unknown()
  const rest = bytes.slice(personalPrefix.length)
  for (let digits = 1; digits <= 20 && digits <= rest.length; digits++) {
    const text = new TextDecoder().decode(rest.slice(0, digits))
    if (!/^(0|[1-9]\d*)$/.test(text)) break
    const length = Number(text)
    if (length !== 32 && rest.length === digits + length) return undefined
  }
  return unknown()
}

type Entries = Record<string, unknown>
const entries = (value: unknown): Entries =>
  typeof value === 'object' && value !== null ? (value as Entries) : {}
const amountOf = (value: unknown): bigint | undefined => {
  try {
    return typeof value === 'bigint' || typeof value === 'number' || typeof value === 'string'
      ? BigInt(value)
      : undefined
  } catch {
    return undefined
  }
}
const isAddress = (value: unknown): value is Address =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

/** `{ token, amount }` items (Permit2's details and permitted), each a token of the spend. */
function tokenItems(items: unknown[]): Moves {
  const tokens: PassToken[] = []
  for (const item of items) {
    const { token: asset, amount } = entries(item)
    const value = amountOf(amount)
    if (!isAddress(asset) || value === undefined || value < 0n) return unknown()
    tokens.push(token(asset, value))
  }
  return { native: 0n, tokens, unknown: false }
}

type Fields = readonly { name: string; type: string }[]
type Types = Record<string, Fields>

/** Whether `types[name]` is exactly `expected` (names and types, in order): nothing else hashes the same. */
function shaped(types: Types, name: string, expected: string): boolean {
  return types[name]?.map((field) => `${field.type} ${field.name}`).join(',') === expected
}

const permitDetails = 'address token,uint160 amount,uint48 expiration,uint48 nonce'
const tokenPermissions = 'address token,uint256 amount'

/** Permit2's signature transfers, with or without a witness (one more field, the spender's). */
function transferFromShape(types: Types, name: string, permitted: string): boolean {
  const fields = types[name]?.map((field) => `${field.type} ${field.name}`) ?? []
  const base = [`${permitted} permitted`, 'address spender', 'uint256 nonce', 'uint256 deadline']
  const witnessed = name.includes('Witness') ? 1 : 0
  return (
    fields.length === base.length + witnessed &&
    base.every((field, i) => fields[i] === field) &&
    shaped(types, 'TokenPermissions', tokenPermissions)
  )
}

/**
 * Typed data a contract may take as an order: EIP-2612 and DAI permits and Permit2's allowances and
 * transfers are read when their types are exactly the standard ones (a field the types do not name is
 * not signed, so it is never read); ERC-7739's wrappers are read through, once; any other typed data
 * may allow whatever its verifying contract does, so it is unknown.
 */
function typedMoves(
  domain: Entries,
  primaryType: string,
  types: Types,
  message: Entries,
  wrapped = false,
): Moves | undefined {
  switch (primaryType) {
    case 'PersonalSign':
      return shaped(types, primaryType, 'bytes prefixed') ? personalSignMoves(message.prefixed) : unknown()
    case 'TypedDataSign': {
      const contents = types.TypedDataSign?.find((field) => field.name === 'contents')?.type
      if (!contents || wrapped) return unknown()
      return (
        typedMoves(
          { verifyingContract: message.verifyingContract, chainId: message.chainId },
          contents,
          types,
          entries(message.contents),
          true,
        ) ?? none()
      )
    }
    case 'Permit': {
      if (
        shaped(
          types,
          primaryType,
          'address owner,address spender,uint256 value,uint256 nonce,uint256 deadline',
        )
      ) {
        const value = amountOf(message.value)
        return isAddress(domain.verifyingContract) && value !== undefined
          ? { native: 0n, tokens: [token(domain.verifyingContract, value)], unknown: false }
          : unknown()
      }
      // DAI's permit allows everything or revokes.
      if (
        shaped(types, primaryType, 'address holder,address spender,uint256 nonce,uint256 expiry,bool allowed')
      )
        return message.allowed === false ? none() : unknown()
      return unknown()
    }
    case 'PermitSingle':
      return shaped(types, primaryType, 'PermitDetails details,address spender,uint256 sigDeadline') &&
        shaped(types, 'PermitDetails', permitDetails)
        ? tokenItems([message.details])
        : unknown()
    case 'PermitBatch':
      return shaped(types, primaryType, 'PermitDetails[] details,address spender,uint256 sigDeadline') &&
        shaped(types, 'PermitDetails', permitDetails) &&
        Array.isArray(message.details)
        ? tokenItems(message.details)
        : unknown()
    case 'PermitTransferFrom':
    case 'PermitWitnessTransferFrom':
      return transferFromShape(types, primaryType, 'TokenPermissions')
        ? tokenItems([message.permitted])
        : unknown()
    case 'PermitBatchTransferFrom':
    case 'PermitBatchWitnessTransferFrom':
      return transferFromShape(types, primaryType, 'TokenPermissions[]') && Array.isArray(message.permitted)
        ? tokenItems(message.permitted)
        : unknown()
    default:
      return unknown()
  }
}

/** The chain a domain names (a number, a bigint or a decimal or hex string, as it hashes), if any. */
function domainChain(domain: Entries): string | undefined {
  const id = amountOf(domain.chainId)
  return id !== undefined && id > 0n ? `eip155:${id}` : undefined
}

/**
 * eth_signTypedData_v4 on `chain`: undefined when it moves nothing (a wrapped personal message of
 * another length). Without a chain id in its domain it is valid on every chain, so it is unknown.
 */
export function typedDataSpend(chain: string, typedData: TypedDataDefinition): PassSpend | undefined {
  const domain = entries(typedData.domain)
  const on = domainChain(domain)
  const digest = hashTypedData(typedData)
  if (!on) return claims(chain, digest, unknown())
  const moves = typedMoves(
    domain,
    String(typedData.primaryType),
    typedData.types as Types,
    entries(typedData.message),
  )
  return moves ? claims(on, digest, moves) : undefined
}
