// What a typed-data signature authorises, in words a wallet holder can check: an EIP-2612 Permit, a
// Permit2 allowance or transfer (single or batch), a Seaport-style order, or a smart-session grant.
// Recognised by the primary type and the fields it must carry (an ERC-7715 grant by its fields:
// permissions with their policies, signer, expiry); anything else is "unknown".

export type TypedDataRequest = {
  domain?: { name?: unknown; chainId?: unknown; verifyingContract?: unknown }
  primaryType?: unknown
  message?: unknown
}

export type Authorisation =
  | { kind: 'permit'; token: string; spender: string; amount: string; deadline?: string }
  | { kind: 'permit2'; spender: string; tokens: { token: string; amount: string }[]; deadline?: string }
  | {
      kind: 'order'
      offerer: string
      offer: OrderItem[]
      consideration: (OrderItem & { recipient: string })[]
      endTime?: string
    }
  | { kind: 'grant'; expiry?: string; signer?: string; permissions: GrantedPermission[] }
  | { kind: 'unknown' }

/** Seaport's item types: what an order's offer or consideration item moves. */
export const itemTypes = ['native', 'erc20', 'erc721', 'erc1155', 'erc721', 'erc1155'] as const

/** One item of a Seaport-style order: a token (or the native coin), an id, and its amount from start to end. */
export type OrderItem = {
  itemType: (typeof itemTypes)[number]
  /** Types 4 and 5: the id is a merkle root of acceptable ids, not one id. */
  anyOf: boolean
  token: string
  identifier: string
  startAmount: string
  endAmount: string
}

/** One permission of an ERC-7715 grant: its type, the token or contract it names, and its limits. */
export type GrantedPermission = {
  type: string
  /** The token (erc20-token-transfer) or contract (contract-call) it is for. */
  address?: string
  /** contract-call: the functions it may call. */
  calls?: string[]
  /** token-allowance policy: the most it may move, in base units. */
  allowance?: string
  /** spend-period policy: the allowance renews every this many seconds. */
  periodSeconds?: string
}

type Fields = Record<string, unknown>
const fields = (value: unknown): Fields => (value && typeof value === 'object' ? (value as Fields) : {})
const text = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'bigint'
      ? String(value)
      : undefined

function permit2Token(details: unknown): { token: string; amount: string } | undefined {
  const item = fields(details)
  const token = text(item.token)
  const amount = text(item.amount)
  return token && amount ? { token, amount } : undefined
}

function orderItem(value: unknown): OrderItem | undefined {
  const item = fields(value)
  const type = Number(text(item.itemType))
  const token = text(item.token)
  const startAmount = text(item.startAmount)
  const endAmount = text(item.endAmount) ?? startAmount
  const itemType = itemTypes[type]
  if (!itemType || !token || !startAmount || !endAmount) return undefined
  return {
    itemType,
    anyOf: type >= 4,
    token,
    identifier: text(item.identifierOrCriteria) ?? '0',
    startAmount,
    endAmount,
  }
}

function order(message: Fields): Authorisation | undefined {
  const offerer = text(message.offerer)
  if (!offerer || !Array.isArray(message.offer) || !Array.isArray(message.consideration)) return undefined
  const offer = message.offer.map(orderItem)
  const consideration = message.consideration.map((value) => {
    const item = orderItem(value)
    const recipient = text(fields(value).recipient)
    return item && recipient ? { ...item, recipient } : undefined
  })
  // An item the words cannot read makes the whole order unreadable: half of it would mislead.
  if (offer.some((item) => !item) || consideration.some((item) => !item)) return undefined
  const endTime = text(message.endTime)
  return {
    kind: 'order',
    offerer,
    offer: offer as OrderItem[],
    consideration: consideration as (OrderItem & { recipient: string })[],
    ...(endTime && { endTime }),
  }
}

function permission(value: unknown): GrantedPermission | undefined {
  const item = fields(value)
  const type = text(item.type)
  if (!type) return undefined
  const data = fields(item.data)
  const policies = Array.isArray(item.policies) ? item.policies.map(fields) : []
  const policy = (name: string) => fields(policies.find((entry) => entry.type === name)?.data)
  const address = text(data.address)
  const calls = Array.isArray(data.calls) ? data.calls.map(text).filter((call) => call !== undefined) : []
  const allowance = text(policy('token-allowance').allowance)
  const periodSeconds = text(policy('spend-period').seconds)
  return {
    type,
    ...(address && { address }),
    ...(calls.length > 0 && { calls }),
    ...(allowance && { allowance }),
    ...(periodSeconds && { periodSeconds }),
  }
}

/** An ERC-7715 grant as typed data: its permissions (type, data, policies), signer and expiry. */
function grant(message: Fields): Authorisation | undefined {
  if (!Array.isArray(message.permissions) || message.permissions.length === 0) return undefined
  const permissions = message.permissions.map(permission)
  if (permissions.some((item) => !item)) return undefined
  const signer = fields(message.signer)
  const signerData = fields(signer.data)
  const signerName = text(signerData.address) ?? text(signerData.id) ?? text(message.signer)
  const expiry = text(message.expiry)
  return {
    kind: 'grant',
    permissions: permissions as GrantedPermission[],
    ...(expiry && { expiry }),
    ...(signerName && { signer: signerName }),
  }
}

export function authorisationOf(request: TypedDataRequest): Authorisation {
  const message = fields(request.message)
  const spender = text(message.spender)
  const deadline = text(message.deadline) ?? text(message.sigDeadline)
  switch (request.primaryType) {
    case 'Permit': {
      const token = text(request.domain?.verifyingContract)
      const amount = text(message.value)
      if (token && spender && amount)
        return { kind: 'permit', token, spender, amount, ...(deadline && { deadline }) }
      break
    }
    case 'PermitSingle':
    case 'PermitBatch':
    case 'PermitTransferFrom':
    case 'PermitBatchTransferFrom': {
      const details = message.details ?? message.permitted
      const tokens = (Array.isArray(details) ? details : [details]).map(permit2Token)
      if (spender && tokens.length > 0 && tokens.every((token) => token !== undefined))
        return {
          kind: 'permit2',
          spender,
          tokens: tokens as { token: string; amount: string }[],
          ...(deadline && { deadline }),
        }
      break
    }
    case 'OrderComponents':
      return order(message) ?? { kind: 'unknown' }
  }
  // ERC-7715 names the grant's fields, not a primary type: read a message that carries them.
  return grant(message) ?? { kind: 'unknown' }
}
