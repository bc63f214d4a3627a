// Passkey login's routes under /v1/auth/passkey: a new user's passkey (register start and finish) and
// a login with one (login start and finish). The frame runs the WebAuthn ceremony between the two calls.
import {
  AuthConnected,
  PasskeyLoginFinishRequest,
  PasskeyLoginStartResponse,
  PasskeyRegisterFinishRequest,
  PasskeyRegisterStartResponse,
  PasskeyStartRequest,
  SdkQuery,
} from '@walletframe/protocol'
import { Hono, type Context as HonoContext } from 'hono'
import type { z } from 'zod'
import type { Env, RouteDoc } from '../routes/Route.js'
import * as DeviceLabel from './deviceLabel.js'
import * as Passkey from './passkey.js'
import { authErrors, type RouteContext, readStart } from './routeContext.js'

export const docs: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/auth/passkey/register/start',
    summary:
      'A new wallet user with a passkey alone: options for navigator.credentials.create (relying party: the frame’s site; ' +
      'a discoverable credential with user verification), with a challenge kept 5 minutes, single use',
    query: SdkQuery,
    body: PasskeyStartRequest,
    response: PasskeyRegisterStartResponse,
    errors: [...authErrors, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/passkey/register/finish',
    summary:
      'Verifies the new passkey (challenge spent first, the frame’s origin and RP ID, user verification; a top origin ' +
      'the project must allow) and the starting device key’s single-use proof over connectSigningInput; the user and ' +
      'a session bound to that key',
    query: SdkQuery,
    body: PasskeyRegisterFinishRequest,
    response: AuthConnected,
    errors: [...authErrors, 404, 409, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/passkey/login/start',
    summary:
      'A login with a passkey of this site: options for navigator.credentials.get (any discoverable credential, user ' +
      'verification required), with a challenge kept 5 minutes, single use',
    query: SdkQuery,
    body: PasskeyStartRequest,
    response: PasskeyLoginStartResponse,
    errors: [...authErrors, 413],
  },
  {
    method: 'post',
    path: '/v1/auth/passkey/login/finish',
    summary:
      'Verifies the assertion against the stored passkey (challenge spent first, origin, RP ID, user handle, signature, ' +
      'a counter that only moves forward) and the starting device key’s single-use proof; a session bound to that key',
    query: SdkQuery,
    body: PasskeyLoginFinishRequest,
    response: AuthConnected,
    errors: [...authErrors, 404, 409, 413],
  },
]

/** The routes, to mount at /v1/auth/passkey. */
export function routes(context: RouteContext): Hono<Env> {
  const { project, read, settings } = context
  const app = new Hono<Env>()
  const limit = 'auth-passkey-ip'
  const start = (c: HonoContext<Env>) =>
    readStart(context, c, {
      schema: PasskeyStartRequest,
      flow: () => context.passkey(),
      limit,
      rule: settings.passkeyCallsPerIp,
    })
  /**
   * A finish: the body, then the per-IP limit (a finish is a signature check, limited like the starts
   * so a guesser is shed before any), then the ceremony's check; the host pages the project allows
   * may embed the frame's ceremony.
   */
  const finish =
    <Body>(
      schema: z.core.$ZodType<Body>,
      verify: (
        flow: Passkey.Context,
        where: Pick<Passkey.Where, 'hostAllowed'>,
        body: Body & { name: string },
      ) => Promise<AuthConnected>,
    ) =>
    async (c: HonoContext<Env>) => {
      const body = await read(c, schema)
      const flow = context.passkey()
      await context.perIp(c, limit, settings.passkeyCallsPerIp)
      const where = { hostAllowed: (origin: string) => context.hostAllowed(c, origin) }
      // A new passkey is named for the user's list by where it was made (a label from a fixed list).
      const named = { ...body, name: DeviceLabel.fromUserAgent(c.req.header('user-agent')) }
      return c.json((await verify(flow, where, named)) satisfies AuthConnected)
    }

  app.post('/register/start', project, async (c) => {
    const { flow, attempt } = await start(c)
    return c.json((await Passkey.registerStart(flow, attempt)) satisfies PasskeyRegisterStartResponse)
  })
  app.post('/register/finish', project, finish(PasskeyRegisterFinishRequest, Passkey.registerFinish))
  app.post('/login/start', project, async (c) => {
    const { flow, attempt } = await start(c)
    return c.json((await Passkey.loginStart(flow, attempt)) satisfies PasskeyLoginStartResponse)
  })
  app.post('/login/finish', project, finish(PasskeyLoginFinishRequest, Passkey.loginFinish))

  return app
}
