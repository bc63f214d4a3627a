// The wallet's HTTP surface under /v1/auth/wallet: store a new wallet's shares, fetch the shares the
// API keeps. Both need the session (Bearer) and the session's device key signing the call; a per-IP
// limit in the shared store comes first (walletLimit.ts).
import {
  RecoveryPasswordAdded,
  RecoveryPasswordRequest,
  SdkQuery,
  WalletCreated,
  WalletCreateRequest,
  WalletShares,
  WalletSharesRequest,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as FreshFactor from './freshFactor.js'
import type { RouteContext } from './routeContext.js'
import * as Wallet from './wallet.js'
import * as WalletCall from './walletCall.js'

const errors = [400, 401, 403, 413, 429]

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/auth/wallet/create',
    summary:
      "Stores a new wallet's auth share (sealed at rest) and recovery share: the frame's ciphertext under the " +
      "user's password, under one of the user's passkeys' PRF output (404 PASSKEY_NOT_FOUND for another's), or both; " +
      "never neither (400). Once per user (409 WALLET_EXISTS). Bearer + the device key's proof over 'create'",
    query: SdkQuery,
    body: WalletCreateRequest,
    response: WalletCreated,
    errors: [...errors, 404, 409],
  },
  {
    method: 'post',
    path: '/v1/auth/wallet/shares',
    summary:
      'The auth share, and the encrypted recovery share when asked for (recovery: true; a device without its device share), ' +
      'with the copy under the PRF output of the passkey named by prfCredentialId when the user keeps one ' +
      '(403 SECOND_FACTOR_REQUIRED while the user has a second factor this session has not passed: /v1/auth/totp/verify, or ' +
      'for a passkey factor /v1/auth/factor/passkey/verify) ' +
      "({exists:false} before a create). Bearer + the device key's single-use proof over 'shares' (a leaked access token alone releases nothing)",
    query: SdkQuery,
    body: WalletSharesRequest,
    response: WalletShares,
    errors,
  },
  {
    method: 'post',
    path: '/v1/auth/wallet/recovery-password',
    summary:
      'Adds a recovery password to a wallet that has none (one a PRF passkey alone protected): the recovery share under it, ' +
      'sealed in the frame. Once (409 RECOVERY_PASSWORD_EXISTS: an existing one is never replaced here; 409 WALLET_MISSING ' +
      "before a create). With a second factor on, a fresh one first (a code, or a passkey's assertion over a 'login-method' " +
      "challenge; 403 SECOND_FACTOR_REQUIRED without). Bearer + the device key's single-use proof over 'recovery-password'",
    query: SdkQuery,
    body: RecoveryPasswordRequest,
    response: RecoveryPasswordAdded,
    errors: [...errors, 404, 409],
  },
]

/** The routes, to mount at /v1/auth/wallet. */
export function routes(context: RouteContext): Hono<Env> {
  const app = new Hono<Env>()
  // Before the routes (and their project check): a refused caller costs one store round trip at most.
  app.use('*', WalletCall.perIp(context))

  app.post('/create', context.project, async (c) => {
    const body = await context.read(c, WalletCreateRequest)
    const { wallet, authenticated } = await WalletCall.authorize(context, c, 'create', body.proof)
    return c.json((await Wallet.create(wallet, authenticated.user.id, body)) satisfies WalletCreated)
  })

  app.post('/shares', context.project, async (c) => {
    const body = await context.read(c, WalletSharesRequest)
    const { wallet, authenticated } = await WalletCall.authorize(context, c, 'shares', body.proof)
    // The auth share is what the second factor protects: a session that has not passed it gets none.
    await FreshFactor.requirePassed(wallet, authenticated)
    c.header('cache-control', 'no-store')
    return c.json(
      (await Wallet.shares(
        wallet,
        authenticated.user.id,
        body.recovery === true,
        body.prfCredentialId,
      )) satisfies WalletShares,
    )
  })

  app.post('/recovery-password', context.project, async (c) => {
    const body = await context.read(c, RecoveryPasswordRequest)
    const { wallet, authenticated } = await WalletCall.authorize(context, c, 'recovery-password', body.proof)
    // A new way into the wallet, as a new login is: a stolen session and device key alone add none.
    await FreshFactor.requireForLoginChange(context.freshFactor(), context.where(c), authenticated, body)
    await Wallet.addRecoveryPassword(wallet, authenticated.user.id, body.recoveryShare)
    return c.json({ recoveryPassword: true } satisfies RecoveryPasswordAdded)
  })

  return app
}
