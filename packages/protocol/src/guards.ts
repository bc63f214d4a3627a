// Zod-free type guards for what the frame sends the host. The host SDK must stay a few kilobytes, so
// it cannot bundle the schemas; these guards accept exactly what `FrameReady.safeParse` and
// `FrameToHost.safeParse` accept (guards.test.ts proves it on random and mutated inputs), so the
// zod schemas in messages.ts stay the one source of truth.
import type { ErrorObject } from './errors.js'
import {
  accountEntryTypes,
  accountTypes,
  chainNamespaces,
  channelName,
  connectionStatuses,
  eip1193Events,
  protocolVersion,
} from './internal/literals.js'
import { isCaipAddress, isCaipNetworkId } from './internal/patterns.js'
import type {
  AccountEntry,
  AccountState,
  FrameReady,
  FrameToHost,
  NetworkState,
  SiwxSession,
} from './messages.js'

// The SDK imports what it needs at runtime from here, never from the zod modules.
export { channelName, isCaipAddress, isCaipNetworkId, protocolVersion }

type Fields = { readonly [key: string]: unknown }

/** zod's object check: any non-null object that is not an array (class instances included). */
function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** zod 4's `.int()` is a safe integer; NaN and ±Infinity fail `z.number()` already. */
function isInt(value: unknown): value is number {
  return Number.isSafeInteger(value)
}

function isString(value: unknown): value is string {
  return typeof value === 'string'
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean'
}

function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return (values as readonly unknown[]).includes(value)
}

/**
 * An `.optional()` key: absent, or present as undefined, or valid. zod reads keys with `in` and
 * `input[key]`, so an inherited property counts as present, as it does here.
 */
function isOptional<T>(value: unknown, check: (value: unknown) => value is T): value is T | undefined {
  return value === undefined || check(value)
}

/** A `z.array(item)`: every index, holes included (a hole reads as undefined, as in zod). */
function isArrayOf<T>(value: unknown, check: (value: unknown) => value is T): value is T[] {
  if (!Array.isArray(value)) return false
  for (let index = 0; index < value.length; index++) if (!check(value[index])) return false
  return true
}

function isRequestId(value: unknown): value is number {
  return isInt(value) && value >= 0
}

function isErrorObject(value: unknown): value is ErrorObject {
  return isObject(value) && isInt(value.code) && isString(value.message)
}

function isAccountEntry(value: unknown): value is AccountEntry {
  return (
    isObject(value) &&
    isOneOf(chainNamespaces, value.namespace) &&
    isString(value.address) &&
    isOneOf(accountEntryTypes, value.type)
  )
}

function isEmbeddedWalletInfo(value: unknown): boolean {
  return (
    isObject(value) &&
    isString(value.authProvider) &&
    isOneOf(accountTypes, value.accountType) &&
    isBoolean(value.isSmartAccountDeployed) &&
    isObject(value.user) &&
    isOptional(value.user.email, isString) &&
    isOptional(value.user.username, isString)
  )
}

function isAccountState(value: unknown): value is AccountState {
  return (
    isObject(value) &&
    isOneOf(connectionStatuses, value.status) &&
    isBoolean(value.isConnected) &&
    isOptional(value.address, isString) &&
    isOptional(value.caipAddress, isCaipAddress) &&
    isArrayOf(value.allAccounts, isAccountEntry) &&
    isOptional(value.connector, isString) &&
    (value.embeddedWalletInfo === undefined || isEmbeddedWalletInfo(value.embeddedWalletInfo))
  )
}

function isNetworkState(value: unknown): value is NetworkState {
  return (
    isObject(value) &&
    isOptional(value.caipNetworkId, isCaipNetworkId) &&
    isOptional(value.chainId, isString) &&
    isOptional(value.name, isString) &&
    isBoolean(value.supported)
  )
}

function isSiwxSession(value: unknown): value is SiwxSession {
  return (
    isObject(value) &&
    isString(value.message) &&
    isString(value.signature) &&
    isObject(value.data) &&
    isString(value.data.accountAddress) &&
    isCaipNetworkId(value.data.chainId) &&
    isString(value.data.domain) &&
    isString(value.data.uri)
  )
}

function isResponse(value: Fields): boolean {
  if (value.kind !== 'response' || !isRequestId(value.id)) return false
  // The result variant needs the key present (z.unknown() is not optional) and no error.
  if (value.error === undefined) return 'result' in value
  return isErrorObject(value.error)
}

function isEventData(event: unknown, data: unknown): boolean {
  switch (event) {
    case 'initialized':
      return isObject(data) && isAccountState(data.account) && isNetworkState(data.network)
    case 'initError':
      return isErrorObject(data)
    case 'state':
      return isAccountState(data)
    case 'network':
      return isNetworkState(data)
    case 'modal':
      return isObject(data) && isBoolean(data.open)
    case 'siwx':
      return data === null || isSiwxSession(data)
    case 'eip1193':
      return isObject(data) && isOneOf(eip1193Events, data.event) && 'data' in data
    default:
      return false
  }
}

function isFrameRequest(value: Fields): boolean {
  if (value.kind !== 'request' || !isRequestId(value.id)) return false
  if (value.method === 'injected:list') return true
  if (value.method !== 'injected:request') return false
  const params = value.params
  return isObject(params) && isNonEmptyString(params.rdns) && isNonEmptyString(params.method)
}

function isNonEmptyString(value: unknown): value is string {
  return isString(value) && value.length > 0
}

/** `frame:ready`, the frame's first window message. Accepts exactly what `FrameReady` accepts. */
export function isFrameReady(value: unknown): value is FrameReady {
  return (
    isObject(value) && value.channel === channelName && value.type === 'frame:ready' && isInt(value.version)
  )
}

/** Any port message from the frame. Accepts exactly what `FrameToHost` accepts. */
export function isFrameToHost(value: unknown): value is FrameToHost {
  if (!isObject(value)) return false
  if (value.kind === 'event') return isEventData(value.event, value.data)
  return isResponse(value) || isFrameRequest(value)
}
