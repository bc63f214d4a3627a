// Name registration: loading, sign the registration message with the connected account,
// register it with the API, set the profile name, go to RegisterAccountNameSuccess; on failure back
// to RegisterAccountName with the API's reason or the fallback "Error registering name".
import {
  coinTypeOfChain,
  isNameLabel,
  messages,
  type NameAccount,
  type NameRegistration,
  nameLabelOf,
  nameRuleMessage,
} from '@walletframe/protocol'
import { FrameError, messageOf } from '../../lib/errors.js'
import type { Core } from '../Core.js'
import * as Connection from '../connection.js'
import { nameMessages } from '../nameMessages.js'
import * as Navigation from './navigation.js'

export type Deps = Pick<Core, 'connection' | 'networks' | 'toasts' | 'modal'> & {
  /** POST /v1/profile/account. */
  register(registration: NameRegistration): Promise<NameAccount>
  /** The name now belongs to `address`: its profile (identity, reverse names) shows it. */
  registered(address: string, account: NameAccount): Promise<void> | void
  /** Unix seconds; the API accepts a message only near its own clock. */
  now?: () => number
}

export class NameRegistrationError extends FrameError {
  override name = 'NameRegistrationError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('NAME_REGISTRATION', message, options)
  }
}

export declare namespace register {
  type Parameters = {
    /** The label typed (`alice`) or a full name in the API's zone (`alice.wf.id`). */
    name: string
    /** The zone the label is registered in (the suggestions' zone). */
    zone: string
    attributes?: Record<string, string>
  }
}

/**
 * Registers `name` for the connected EVM account on the active network (its ENSIP-11 coin type).
 * Resolves with the account on success; a failure is reported with a toast and rejects.
 */
export async function register(deps: Deps, parameters: register.Parameters): Promise<NameAccount> {
  const label = nameLabelOf(parameters.name)
  if (!isNameLabel(label)) throw new NameRegistrationError(nameRuleMessage)
  const from = Connection.activeAccount(deps.connection.get(), deps.networks.get().active)
  const connector = deps.connection.connector()
  if (!from || !connector) throw new NameRegistrationError(messages.connectBeforeRequest)
  const { network, address } = from
  if (network.chainNamespace !== 'eip155')
    throw new NameRegistrationError('Names are registered by EVM accounts; switch to an EVM network')

  const now = deps.now ?? (() => Math.floor(Date.now() / 1000))
  const message = JSON.stringify({
    name: `${label}.${parameters.zone}`,
    attributes: parameters.attributes ?? {},
    timestamp: now(),
  })
  const chainId = Number(network.caipNetworkId.split(':')[1])
  try {
    const signature = await connector.request({
      method: 'personal_sign',
      params: [utf8ToHex(message), address],
      network: network.caipNetworkId,
    })
    if (typeof signature !== 'string') throw new NameRegistrationError('The wallet answered no signature')
    const account = await deps.register({ coin_type: coinTypeOfChain(chainId), address, message, signature })
    await deps.registered(address, account)
    Navigation.replace(deps, 'RegisterAccountNameSuccess')
    return account
  } catch (error) {
    console.error('[walletframe] name registration failed:', error)
    deps.toasts.error(reasonOf(error))
    if (Navigation.current(deps) !== 'RegisterAccountName') Navigation.replace(deps, 'RegisterAccountName')
    throw error instanceof NameRegistrationError
      ? error
      : new NameRegistrationError(reasonOf(error), { cause: error })
  }
}

/** The API's own description when it gave one (e.g. the name is taken), else "Error registering name". */
function reasonOf(error: unknown): string {
  const apiCode = (error as { apiCode?: unknown } | undefined)?.apiCode
  if (typeof apiCode === 'string') return messageOf(error)
  if ((error as { code?: unknown } | undefined)?.code === 4001) return 'Signature declined'
  return nameMessages.registerFailed
}

/** personal_sign takes the message as hex of its UTF-8 bytes. */
function utf8ToHex(text: string): `0x${string}` {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex as `0x${string}`
}
