// The frame's own errors: one base class that keeps `cause` and a stable `code`, and one reader for
// the EIP-1193 error shape that wallets, viem and the host channel reject with.
import { ProviderRpcError } from '@walletframe/protocol'

/** Base of every error the frame defines: a stable `code`, a message for people, and the cause. */
export class FrameError extends Error {
  override name = 'FrameError'
  readonly code: string
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

/** The EIP-1193 code of anything thrown by a provider (a ProviderRpcError, viem's RpcError, a wallet's plain object), or undefined. */
export function rpcCode(error: unknown): number | undefined {
  if (error instanceof ProviderRpcError) return error.code
  if (typeof error !== 'object' || error === null) return undefined
  const { code, cause } = error as { code?: unknown; cause?: unknown }
  if (typeof code === 'number' && Number.isInteger(code)) return code
  // viem wraps provider errors (e.g. UserRejectedRequestError) with the original as `cause`.
  return cause !== undefined && cause !== error ? rpcCode(cause) : undefined
}

/** A message to show for anything thrown. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return (error as { shortMessage?: string }).shortMessage ?? error.message
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  )
    return (error as { message: string }).message
  return String(error)
}

/** The error as a ProviderRpcError the host can receive: keeps an EIP-1193 code, else internal. */
export function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const code = rpcCode(error)
  const data = (error as { data?: unknown } | null)?.data
  return new ProviderRpcError(code ?? -32603, messageOf(error), data)
}
