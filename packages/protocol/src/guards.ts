// Zod-free type guards for what the frame sends the host. The host SDK must stay a few kilobytes, so
// it cannot bundle the schemas; these guards accept exactly what `FrameReady.safeParse` and
// `FrameToHost.safeParse` accept (guards.test.ts proves it on random and mutated inputs), so the
// zod schemas in messages.ts stay the one source of truth.
import {
  accountEntryTypes,
  accountTypes,
  chainNamespaces,
  channelName,
  connectionStatuses,
  eip1193Events,
  injectedEvents,
  persistedMaxLength,
  protocolVersion,
} from './internal/literals.js'
import { isLocaleTag } from './internal/localeTag.js'
import { isCaipAddress, isCaipNetworkId } from './internal/patterns.js'
import type { FrameReady, FrameToHost } from './messages.js'

// The SDK imports what it needs at runtime from here, never from the zod modules.
export { channelName, injectedEvents, isCaipAddress, isCaipNetworkId, isLocaleTag, protocolVersion }

type Fields = { readonly [key: string]: unknown }
type Check = (value: unknown) => boolean

/** zod's object check: any non-null object that is not an array (class instances included). */
function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const isString: Check = (value) => typeof value === 'string'
const isBoolean: Check = (value) => typeof value === 'boolean'
/** zod 4's `.int()` is a safe integer; NaN and ±Infinity fail `z.number()` already. */
const isInt: Check = (value) => Number.isSafeInteger(value)
/** A request id: a non-negative safe integer. */
export const isRequestId: Check = (value) => isInt(value) && (value as number) >= 0
const isNonEmptyString: Check = (value) => isString(value) && (value as string).length > 0

/** An `.optional()` key: absent and present-as-undefined both pass, as in zod. */
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value)

const oneOf =
  (values: readonly unknown[]): Check =>
  (value) =>
    values.includes(value)

/**
 * A `z.array(item)`: every index, holes included (a hole reads as undefined, as in zod, and
 * Array.from reads each index up to length).
 */
const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && Array.from(value).every(check)

/**
 * A `z.object(shape)` with extra keys allowed. zod reads each key as `input[key]` (inherited
 * properties count) and requires `present` keys, whose schema (z.unknown) accepts undefined, to be
 * `in` the input.
 */
const object =
  (shape: Record<string, Check>, present: readonly string[] = []): Check =>
  (value) =>
    isObject(value) &&
    present.every((key) => key in value) &&
    Object.keys(shape).every((key) => (shape[key] as Check)(value[key]))

const errorObject = object({ code: isInt, message: isString })

const accountState = object({
  status: oneOf(connectionStatuses),
  isConnected: isBoolean,
  address: optional(isString),
  caipAddress: optional(isCaipAddress),
  allAccounts: arrayOf(
    object({ namespace: oneOf(chainNamespaces), address: isString, type: oneOf(accountEntryTypes) }),
  ),
  connector: optional(isString),
  embeddedWalletInfo: optional(
    object({
      authProvider: isString,
      accountType: oneOf(accountTypes),
      isSmartAccountDeployed: isBoolean,
      user: object({ email: optional(isString), username: optional(isString) }),
    }),
  ),
})

const networkState = object({
  caipNetworkId: optional(isCaipNetworkId),
  chainId: optional(isString),
  name: optional(isString),
  supported: isBoolean,
})

const siwxSession = object({
  id: isString,
  message: isString,
  signature: isString,
  data: object({ accountAddress: isString, chainId: isCaipNetworkId, domain: isString, uri: isString }),
})

/** `data` of each FrameEvent, by `event` (the discriminator). */
const eventData: Record<string, Check> = {
  initialized: object({ account: accountState, network: networkState }),
  initError: errorObject,
  state: accountState,
  network: networkState,
  modal: object({ open: isBoolean }),
  siwx: (value) => value === null || siwxSession(value),
  persist: (value) => value === null || (isString(value) && (value as string).length <= persistedMaxLength),
  eip1193: object({ event: oneOf(eip1193Events) }, ['data']),
}

const injectedRequestParams = object({ rdns: isNonEmptyString, method: isNonEmptyString })

/** `frame:ready`, the frame's first window message. Accepts exactly what `FrameReady` accepts. */
export function isFrameReady(value: unknown): value is FrameReady {
  return (
    isObject(value) && value.channel === channelName && value.type === 'frame:ready' && isInt(value.version)
  )
}

/** Any port message from the frame. Accepts exactly what `FrameToHost` accepts. */
export function isFrameToHost(value: unknown): value is FrameToHost {
  if (!isObject(value)) return false
  const { kind, event, id, error, method } = value
  if (kind === 'event')
    // Own keys only: `event: 'toString'` must not find Object.prototype.toString.
    return (
      typeof event === 'string' && Object.hasOwn(eventData, event) && (eventData[event] as Check)(value.data)
    )
  if (!isRequestId(id)) return false
  if (kind === 'response')
    // A result answer needs the key present (z.unknown() is not optional) and no error.
    return error === undefined ? 'result' in value : errorObject(error)
  return (
    kind === 'request' &&
    (method === 'injected:list' || (method === 'injected:request' && injectedRequestParams(value.params)))
  )
}
