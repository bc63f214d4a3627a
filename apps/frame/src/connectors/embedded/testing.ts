// Test support for the embedded connector: the API replaced at its boundary (AuthApi) by an in-memory
// one that checks the device key's signatures as the real one does, and a device whose Worker code
// runs behind real comlink over a MessageChannel.

import type { CaipAddress, WalletProofPurpose } from '@walletframe/protocol'
import {
  type AuthConnected,
  type AuthTokens,
  connectSigningInput,
  type DeviceProof,
  type DevicePublicKey,
  type PrfRecoveryShare,
  refreshSigningInput,
  type WalletCreateRequest,
  walletSigningInput,
} from '@walletframe/protocol'
import * as Comlink from 'comlink'
import type { Address } from 'viem'
import { vi } from 'vitest'
import { ApiError } from '../../data/client.js'
import { memory, type Storage } from '../../storage/Storage.js'
import * as Base64url from '../../worker/internal/base64url.js'
import * as KeyStore from '../../worker/keyStore.js'
import * as PassTesting from '../../worker/passTesting.js'
import * as Vault from '../../worker/Vault.js'
import type { PendingRequest } from '../Connector.js'
import type { AuthApi } from './authApi.js'
import * as Embedded from './Embedded.js'

/**
 * The API at its boundary: one user, shares kept as given, proofs (each good once, like the API's) and
 * refreshes verified; the recovery ciphertext only to a call that asks for it.
 */
export function fakeApi(userId = 'user-1') {
  let deviceKey: DevicePublicKey | undefined
  let wallet: Omit<WalletCreateRequest, 'proof'> | undefined
  let n = 0
  const live = new Set<string>()
  const revoked: string[] = []
  /** Signed inputs of the proofs spent so far. */
  const spent = new Set<string>()
  /** `recovery` of each shares call, in order. */
  const shareCalls: boolean[] = []
  /** The action of each pass signed, in order. */
  const passes: string[] = []
  /** The second factor, once `requireCode` set one: the code it takes, and the sessions that gave it. */
  let factor: { code: string; passed: Set<string> } | undefined
  /** The user's passkeys (credential ids): the one a wallet was made with, and those added. */
  const passkeys = new Set<string>()
  /** Live passkey challenges of POST /v1/auth/factor/passkey, by attempt id: each one's action and challenge. */
  const challenges = new Map<string, { action: string; challenge: string }>()
  const tokens = (): AuthTokens => {
    const accessToken = `access-${++n}`
    live.add(accessToken)
    return {
      tokenType: 'Bearer',
      accessToken,
      accessTokenExpiresAt: new Date(Date.now() + 600_000).toISOString(),
      refreshToken: `refresh-${n}`,
      refreshTokenExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    }
  }
  const verify = async (input: string, signature: string) => {
    const key = await crypto.subtle.importKey(
      'jwk',
      { ...deviceKey!, ext: true },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    )
    return crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      Base64url.decode(signature),
      new TextEncoder().encode(input),
    )
  }
  const refuse = () => new ApiError('refused', { status: 401 })
  /** Verifies `proof` over `input` and spends it. */
  const spend = async (input: string, proof: DeviceProof) => {
    if (spent.has(input) || !(await verify(input, proof.signature))) return false
    spent.add(input)
    return true
  }
  const check = async (
    purpose: 'create' | 'shares' | 'totp-verify' | 'factor-pass' | 'passkey-list' | 'factor-passkey',
    accessToken: string,
    proof: DeviceProof,
  ) => {
    if (
      !live.has(accessToken) ||
      !(await spend(walletSigningInput(purpose, accessToken, proof.timestamp), proof))
    )
      throw refuse()
  }
  const api = {
    async walletShares(accessToken, { proof, recovery, prfCredentialId }) {
      await check('shares', accessToken, proof)
      if (factor && !factor.passed.has(accessToken))
        throw new ApiError('Enter the code', { status: 403, apiCode: 'SECOND_FACTOR_REQUIRED' })
      shareCalls.push(recovery === true)
      if (!wallet) return { exists: false as const }
      const { recoveryShare, prfShare, ...rest } = wallet
      // The passkey's copy only for that passkey, as the API keeps one per credential.
      const copy = recovery && prfShare && prfShare.credentialId === prfCredentialId ? { prfShare } : {}
      return {
        exists: true as const,
        ...rest,
        recoveryPassword: recoveryShare !== undefined,
        ...(recovery && recoveryShare ? { recoveryShare } : {}),
        ...copy,
      }
    },
    async walletCreate(accessToken, { proof, ...body }) {
      await check('create', accessToken, proof)
      wallet = body
      if (body.prfShare) passkeys.add(body.prfShare.credentialId)
      return { addresses: body.addresses, createdAt: new Date().toISOString() }
    },
    async totpVerify(accessToken, code, proof) {
      await check('totp-verify', accessToken, proof)
      if (!factor) throw new ApiError('No factor', { status: 409, apiCode: 'TOTP_STATE' })
      if (code !== factor.code)
        throw new ApiError('The code is not correct', { status: 400, apiCode: 'TOTP_INVALID' })
      factor.passed.add(accessToken)
      return { enabled: true, verified: true, recoveryCodesLeft: 10, sendThreshold: null }
    },
    /** A pass signed as the API signs it (passTesting.ts's key, which `device` configures). */
    async factorPass(accessToken, { proof, code, action, send, passkey }) {
      await check('factor-pass', accessToken, proof)
      if (!wallet) throw new ApiError('No wallet', { status: 409, apiCode: 'WALLET_MISSING' })
      // As the API: with a factor, a passkey's assertion over a live challenge for this action stands
      // for the code, and spends that challenge (the signature itself is the real API's to verify).
      if (factor && passkey) {
        const forAction = challenges.get(passkey.attemptId)
        challenges.delete(passkey.attemptId)
        if (forAction?.action !== action)
          throw new ApiError('No login in progress has this id; start again', {
            status: 404,
            apiCode: 'AUTH_ATTEMPT_NOT_FOUND',
          })
        const clientData = JSON.parse(
          new TextDecoder().decode(Base64url.decode(passkey.credential.response.clientDataJSON)),
        ) as { challenge?: string }
        if (!passkeys.has(passkey.credential.id) || clientData.challenge !== forAction.challenge)
          throw new ApiError('The passkey could not be verified', {
            status: 401,
            apiCode: 'PASSKEY_REJECTED',
          })
      } else if (factor && code === undefined)
        throw new ApiError('Enter the code', { status: 403, apiCode: 'SECOND_FACTOR_REQUIRED' })
      else if (factor && code !== factor.code)
        throw new ApiError('The code is not correct', { status: 400, apiCode: 'TOTP_INVALID' })
      passes.push(action)
      return {
        pass: PassTesting.signPass({
          action,
          wallet: wallet.addresses.eip155,
          device: deviceKey!,
          factor: factor ? (passkey ? 'passkey' : 'totp') : 'none',
          ...(send ? { send } : {}),
        }),
      }
    },
    async passkeyList(accessToken, proof) {
      await check('passkey-list', accessToken, proof)
      return {
        passkeys: [...passkeys].map((credentialId) => ({
          credentialId,
          name: null,
          createdAt: new Date(0).toISOString(),
          lastUsedAt: null,
          backedUp: false,
          recovery: wallet?.prfShare?.credentialId === credentialId,
        })),
        otherLogin: true,
        secondFactor: false,
      }
    },
    async factorPasskey(accessToken, { action, proof }) {
      await check('factor-passkey', accessToken, proof)
      if (passkeys.size === 0) throw new ApiError('No passkey', { status: 404, apiCode: 'PASSKEY_NOT_FOUND' })
      const attemptId = `attempt-${++n}`
      const challenge = Base64url.encode(crypto.getRandomValues(new Uint8Array(32)))
      challenges.set(attemptId, { action, challenge })
      return {
        attemptId,
        options: {
          challenge,
          rpId: 'frame.test',
          allowCredentials: [...passkeys].map((id) => ({ id, type: 'public-key' as const })),
          userVerification: 'required' as const,
        },
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
      }
    },
    async refresh({ refreshToken, timestamp, signature }) {
      if (!(await verify(refreshSigningInput(refreshToken, timestamp), signature))) throw refuse()
      return tokens()
    },
    async revoke(accessToken) {
      if (!live.delete(accessToken)) throw refuse()
      revoked.push(accessToken)
      return { revoked: true as const }
    },
  } satisfies Partial<AuthApi>
  return {
    api: api as unknown as AuthApi,
    revoked,
    shareCalls,
    passes,
    /**
     * Turns the second factor on: from now, a session gets the shares only after giving `code`
     * (`passed`: sessions that did already, as the one that turned it on).
     */
    /** Keeps a passkey's copy of the recovery share beside the wallet, as adding a PRF passkey does. */
    storePrfShare(prfShare: PrfRecoveryShare) {
      if (wallet) wallet = { ...wallet, prfShare }
      passkeys.add(prfShare.credentialId)
    },
    /** One more passkey of the user's, with no copy of the recovery share (no PRF). */
    addPasskey(credentialId: string) {
      passkeys.add(credentialId)
    },
    requireCode(code: string, passed: string[] = []) {
      factor = { code, passed: new Set(passed) }
    },
    /** CONNECT's check: the key that started `attemptId` signed it, and the proof was not used before. */
    connectProofHolds: (attemptId: string, proof: DeviceProof) =>
      spend(connectSigningInput(attemptId, proof.timestamp), proof),
    /** A completed login bound to `key` (what email/verify or social/connect answer). */
    login(key: DevicePublicKey): AuthConnected {
      deviceKey = key
      return {
        action: 'CONNECT',
        user: { id: userId, email: 'alice@example.test', authProvider: 'email' },
        tokens: tokens(),
      }
    },
  }
}

/** A device: its key store (IndexedDB's stand-in) and secure storage, with the Worker behind comlink. */
export function device(keyStore = KeyStore.memory(), storage: Storage = memory()) {
  const channel = new MessageChannel()
  Comlink.expose(
    Vault.create({ keyStore, recoveryIterations: 100_000, passKey: async () => PassTesting.passKey }),
    channel.port1 as never,
  )
  const vault = Comlink.wrap<Vault.Vault>(channel.port2 as never)
  return { keyStore, storage, vault, close: () => channel.port2.close() }
}

/**
 * A connected embedded wallet on `options.networks` whose user answers every approval with
 * `user.answer` (approve by default); `asked` lists what they were asked.
 */
export async function connectedWallet(
  options: Pick<Embedded.create.Options, 'networks'> & Partial<Pick<Embedded.create.Options, 'origin'>>,
) {
  const server = fakeApi()
  const d = device()
  const c = Embedded.create({
    api: server.api,
    vault: d.vault,
    storage: d.storage,
    askPassword: async () => 'a long recovery password',
    ...options,
  })
  const asked: PendingRequest[] = []
  const user = { answer: 'approve' as 'approve' | 'reject' }
  c.subscribe((event) => {
    if (event.type !== 'pendingRequests') return
    for (const request of event.requests) {
      if (asked.some((seen) => seen.id === request.id)) continue
      asked.push(request)
      if (user.answer === 'approve') c.approveRequest(request.id)
      else c.cancelRequest(request.id)
    }
  })
  c.login(server.login(await c.deviceKey()))
  const connection = await c.connect()
  const addressOf = (account: CaipAddress | undefined) => account!.split(':')[2] as Address
  const send = (method: string, params: unknown) => c.request({ method, params, network: 'eip155:8453' })
  return {
    c,
    send,
    asked,
    user,
    smart: addressOf(connection.accounts[0]),
    eoa: addressOf(connection.accounts[1]),
    vault: d.vault,
    close: d.close,
  }
}

/** A session whose proofs name their purpose (the signature is the purpose), so each call's proof is seen to be its own. */
export function purposeSession() {
  const purposes: WalletProofPurpose[] = []
  const session = {
    proof: vi.fn(async (purpose: WalletProofPurpose) => {
      purposes.push(purpose)
      return {
        accessToken: 'token',
        proof: { timestamp: purposes.length, signature: purpose } as DeviceProof,
      }
    }),
  }
  return { purposes, session }
}
