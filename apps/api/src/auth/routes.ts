// The login's HTTP surface under /v1/auth, one sub-app per flow: email (emailRoutes.ts), social
// (socialRoutes.ts), Farcaster (farcasterRoutes.ts), the attempt the frame polls (attemptRoutes.ts),
// passkeys (passkeyRoutes.ts; the user's own in passkeyAccountRoutes.ts), the second factor (totpRoutes.ts) and the passes for sensitive actions (factorPassRoutes.ts), the session (sessionRoutes.ts) and the wallet's shares (walletRoutes.ts). Every call but the
// provider's callback names its project, like the rest of the API.
import type { App, Deps, RouteDoc } from '../routes/Route.js'
import * as AttemptRoutes from './attemptRoutes.js'
import * as EmailRoutes from './emailRoutes.js'
import * as FactorPassRoutes from './factorPassRoutes.js'
import * as FarcasterRoutes from './farcasterRoutes.js'
import * as PasskeyAccountRoutes from './passkeyAccountRoutes.js'
import * as PasskeyRoutes from './passkeyRoutes.js'
import * as RouteContext from './routeContext.js'
import * as SessionRoutes from './sessionRoutes.js'
import * as SocialRoutes from './socialRoutes.js'
import * as TotpRoutes from './totpRoutes.js'
import * as WalletRoutes from './walletRoutes.js'

export const docs: RouteDoc[] = [
  ...EmailRoutes.docs,
  ...AttemptRoutes.docs,
  ...SocialRoutes.docs,
  ...FarcasterRoutes.docs,
  ...PasskeyRoutes.docs,
  ...PasskeyAccountRoutes.docs,
  ...TotpRoutes.docs,
  ...FactorPassRoutes.docs,
  ...SessionRoutes.docs,
  ...WalletRoutes.docs,
]

export declare namespace register {
  type Options = RouteContext.create.Options
}

export function register(app: App, deps: Deps, options: register.Options): void {
  const context = RouteContext.create(deps, options)
  app.route('/v1/auth/email', EmailRoutes.routes(context))
  app.route('/v1/auth/attempts', AttemptRoutes.routes(context))
  app.route('/v1/auth/social', SocialRoutes.routes(context))
  app.route('/v1/auth/farcaster', FarcasterRoutes.routes(context))
  app.route('/v1/auth/passkey', PasskeyRoutes.routes(context))
  app.route('/v1/auth/passkey', PasskeyAccountRoutes.routes(context))
  app.route('/v1/auth/totp', TotpRoutes.routes(context))
  app.route('/v1/auth/factor', FactorPassRoutes.routes(context))
  app.route('/v1/auth/wallet', WalletRoutes.routes(context))
  app.route('/v1/auth', SessionRoutes.routes(context))
}
