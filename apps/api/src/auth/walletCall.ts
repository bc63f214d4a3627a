// What every call on the user's wallet and second factor shares: the per-IP limit of the wallet calls
// in the shared store (first, so a refused caller costs one store round trip at most), and the session
// behind the Bearer token with its device key's single-use proof over the call's purpose — a leaked
// access token alone can do nothing.
import type { DeviceProof, WalletProofPurpose } from '@walletframe/protocol'
import type { Context as HonoContext, MiddlewareHandler } from 'hono'
import type { Env } from '../routes/Route.js'
import type { RouteContext } from './routeContext.js'
import * as Sessions from './sessions.js'
import * as Wallet from './wallet.js'
import * as WalletLimit from './walletLimit.js'

/** The wallet calls' per-IP limit, to `use` before the routes. */
export function perIp(context: RouteContext): MiddlewareHandler<Env> {
  return WalletLimit.perIp({
    store: context.limitStore,
    rule: context.settings.walletCallsPerIp,
    trustProxy: context.trustProxy,
  })
}

/** The session behind the Bearer token, its device key's proof over `purpose` checked and spent. */
export async function authorize(
  context: RouteContext,
  c: HonoContext,
  purpose: WalletProofPurpose,
  proof: DeviceProof,
): Promise<{ wallet: Wallet.Context; authenticated: Sessions.Authenticated }> {
  const wallet = context.wallet()
  const header = c.req.header('authorization')
  const authenticated = await Sessions.authenticate(wallet, header)
  const accessToken = header!.slice('Bearer '.length)
  await Wallet.checkProof(wallet, authenticated, { purpose, accessToken, proof })
  // Answers about keys and factors are the user's alone: no cache keeps a copy.
  c.header('cache-control', 'no-store')
  return { wallet, authenticated }
}
