// What a typed-data signature authorises, in lines a wallet holder reads before signing: for a
// Seaport-style order what they give and what they get (and what goes to others: fees, royalties), for
// an ERC-7715 grant what the session may do, its limits and its expiry, and for a Permit or Permit2 who
// may spend what. Amounts are in the token's units where the API knows the token on that network, else
// in base units with the token's address: never a symbol the token merely claims.
import type { ChainNetwork } from '@walletframe/protocol'
import { formatUnits } from 'viem'
import type { PriceSource } from '../chains/Prices.js'
import type { Authorisation, GrantedPermission, OrderItem } from './rules/typedData.js'

/** What the words need to name amounts: the network the signature is for and what the API knows of its tokens. */
export type Context = { network: ChainNetwork | undefined; prices: PriceSource }

const zeroAddress = /^0x0{40}$/

function units(amount: string, token: string, context: Context, native = false): string {
  const { network, prices } = context
  let value: bigint
  try {
    value = BigInt(amount)
  } catch {
    return `${amount} of ${token}`
  }
  // uint160's and uint256's largest values: what Permit2 and ERC-20 allowances read as "no limit".
  if (value >= 2n ** 160n - 1n)
    return `an unlimited amount of ${native ? (network?.nativeCurrency.symbol ?? 'the native coin') : (network && prices.lookup(`${network.caipNetworkId}:${token}`)?.symbol) || token}`
  if (native && network)
    return `${formatUnits(value, network.nativeCurrency.decimals)} ${network.nativeCurrency.symbol}`
  const known = network ? prices.lookup(`${network.caipNetworkId}:${token}`) : undefined
  if (known) return `${formatUnits(value, known.decimals)} ${known.symbol}`
  return `${value} base units of ${token}`
}

function itemWords(item: OrderItem, context: Context): string {
  const amount =
    item.startAmount === item.endAmount
      ? (raw: (value: string) => string) => raw(item.startAmount)
      : (raw: (value: string) => string) =>
          `${raw(item.startAmount)} falling or rising to ${raw(item.endAmount)}`
  switch (item.itemType) {
    case 'native':
      return amount((value) => units(value, item.token, context, zeroAddress.test(item.token)))
    case 'erc20':
      return amount((value) => units(value, item.token, context))
    case 'erc721':
      return item.anyOf ? `any NFT of ${item.token} from a list` : `NFT #${item.identifier} of ${item.token}`
    case 'erc1155':
      return amount(
        (value) =>
          `${value} × ${item.anyOf ? `any token of ${item.token} from a list` : `#${item.identifier} of ${item.token}`}`,
      )
  }
}

const date = (seconds: string | undefined): string | undefined => {
  const value = Number(seconds)
  // Seaport's "no end" is uint256 max; past year 9999 a Date cannot say it anyway.
  if (!Number.isFinite(value) || value <= 0 || value > 253_402_300_799) return undefined
  return new Date(value * 1000).toISOString()
}

function orderWords(order: Extract<Authorisation, { kind: 'order' }>, context: Context): string[] {
  const offerer = order.offerer.toLowerCase()
  const mine = order.consideration.filter((item) => item.recipient.toLowerCase() === offerer)
  const others = order.consideration.filter((item) => item.recipient.toLowerCase() !== offerer)
  const list = (items: OrderItem[]) => items.map((item) => itemWords(item, context)).join('; ')
  const lines = [
    `You give: ${order.offer.length > 0 ? list(order.offer) : 'nothing'}`,
    `You get: ${mine.length > 0 ? list(mine) : 'nothing'}`,
  ]
  for (const item of others) lines.push(`${item.recipient} gets: ${itemWords(item, context)}`)
  const until = date(order.endTime)
  lines.push(until ? `The order can be filled until ${until}` : 'The order can be filled with no end date')
  return lines
}

function permissionWords(permission: GrantedPermission, context: Context): string {
  const every = permission.periodSeconds ? ` every ${permission.periodSeconds} s` : ''
  const symbol = context.network?.nativeCurrency.symbol ?? 'the native coin'
  switch (permission.type) {
    case 'native-token-transfer':
      return permission.allowance
        ? `Send ${symbol}, up to ${units(permission.allowance, '', context, true)}${every}`
        : `Send ${symbol}, with no limit`
    case 'erc20-token-transfer': {
      const token = permission.address ?? 'an unnamed token'
      return permission.allowance
        ? `Transfer or approve ${token}, up to ${units(permission.allowance, token, context)}${every}`
        : `Transfer or approve ${token}, with no limit`
    }
    case 'contract-call':
      return `Call ${(permission.calls ?? ['any function']).join(', ')} on ${permission.address ?? 'any contract'}`
    default:
      return `${permission.type}: a permission this wallet cannot read`
  }
}

function grantWords(grant: Extract<Authorisation, { kind: 'grant' }>, context: Context): string[] {
  const until = date(grant.expiry)
  return [
    `A session${grant.signer ? ` (${grant.signer})` : ''} may act for this account without asking:`,
    ...grant.permissions.map((permission) => permissionWords(permission, context)),
    until ? `Until ${until}` : 'With no expiry',
  ]
}

/** The lines for `authorisation`, or none for typed data the review cannot read. */
export function authorisationWords(authorisation: Authorisation, context: Context): string[] {
  switch (authorisation.kind) {
    case 'permit':
      return [
        `${authorisation.spender} may spend ${units(authorisation.amount, authorisation.token, context)}`,
        ...(date(authorisation.deadline) ? [`Until ${date(authorisation.deadline)}`] : []),
      ]
    case 'permit2':
      return [
        `${authorisation.spender} may move ${authorisation.tokens
          .map((item) => units(item.amount, item.token, context))
          .join(', ')} through Permit2`,
        ...(date(authorisation.deadline) ? [`Signature valid until ${date(authorisation.deadline)}`] : []),
      ]
    case 'order':
      return orderWords(authorisation, context)
    case 'grant':
      return grantWords(authorisation, context)
    case 'unknown':
      return []
  }
}
