// What a typed-data signature authorises, in words a wallet holder can check: an EIP-2612 Permit, a
// Permit2 allowance or transfer (single or batch), a Seaport-style order, or a smart-session grant.
// Recognised by the primary type and the fields it must carry; anything else is "unknown".

export type TypedDataRequest = {
  domain?: { name?: unknown; chainId?: unknown; verifyingContract?: unknown }
  primaryType?: unknown
  message?: unknown
}

export type Authorisation =
  | { kind: 'permit'; token: string; spender: string; amount: string; deadline?: string }
  | { kind: 'permit2'; spender: string; tokens: { token: string; amount: string }[]; deadline?: string }
  | { kind: 'order'; offerer: string; offer: number; consideration: number }
  | { kind: 'unknown' }

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
    case 'OrderComponents': {
      const offerer = text(message.offerer)
      if (offerer && Array.isArray(message.offer) && Array.isArray(message.consideration))
        return {
          kind: 'order',
          offerer,
          offer: message.offer.length,
          consideration: message.consideration.length,
        }
      break
    }
  }
  return { kind: 'unknown' }
}
