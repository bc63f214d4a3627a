// The embedded wallet's API calls (/v1/auth/…): email, social, Farcaster and passkey login, the attempt the frame polls,
// the session (refresh with the device key, sign-out), the wallet's key shares and its second factor. It lives with the
// connector, not in data/, so it loads with the embedded wallet and never with the boot chunk.
import {
  AuthAttemptStatus,
  AuthConnected,
  AuthSignedOut,
  AuthTokens,
  attemptHoldMs,
  DeviceApprovalResponse,
  type DeviceProof,
  type DevicePublicKey,
  EmailStartResponse,
  type EmailUpdateRequest,
  EmailUpdateResponse,
  type FactorPasskeyOpenStartRequest,
  type FactorPasskeyStartRequest,
  type FactorPasskeyVerifyRequest,
  type FactorPassRequest,
  FactorPassResponse,
  FactorThreshold,
  type FactorThresholdRequest,
  FarcasterStartResponse,
  type FrameSocialProvider,
  type PasskeyAddFinishRequest,
  type PasskeyAddStartRequest,
  type PasskeyAssertion,
  type PasskeyFactorOffRequest,
  type PasskeyFactorOnRequest,
  PasskeyList,
  PasskeyLoginStartResponse,
  PasskeyRegisterStartResponse,
  type PasskeyRegistration,
  type PasskeyRemoveRequest,
  PasskeySummary,
  RecoveryPasswordAdded,
  type RecoveryPasswordRequest,
  type RefreshRequest,
  SocialStartResponse,
  TotpConfirmed,
  TotpStartResponse,
  TotpStatus,
  type TotpThresholdRequest,
  WalletCreated,
  type WalletCreateRequest,
  WalletShares,
  type WalletSharesRequest,
} from '@walletframe/protocol'
import type { Client } from '../../data/client.js'

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` })

export type AuthApi = ReturnType<typeof authApi>

export function authApi(client: Client) {
  return {
    emailStart: (email: string, deviceKey: DevicePublicKey) =>
      client.post('/v1/auth/email/start', { email, deviceKey }, { schema: EmailStartResponse }),
    emailResend: (attemptId: string) =>
      client.post('/v1/auth/email/resend', { attemptId }, { schema: EmailStartResponse }),
    /** `proof`: the starting device key's signature over connectSigningInput (each proof works once). */
    emailVerify: (attemptId: string, otp: string, proof: DeviceProof) =>
      client.post('/v1/auth/email/verify', { attemptId, otp, proof }, { schema: AuthConnected }),
    emailUpdate: (accessToken: string, body: EmailUpdateRequest) =>
      client.post('/v1/auth/email/update', body, {
        schema: EmailUpdateResponse,
        headers: bearer(accessToken),
      }),
    emailUpdateVerify: (accessToken: string, updateId: string, otp: string) =>
      client.post(
        '/v1/auth/email/update/verify',
        { updateId, otp },
        { schema: EmailUpdateResponse, headers: bearer(accessToken) },
      ),
    approveDevice: (token: string) =>
      client.post('/v1/auth/email/device/approve', { token }, { schema: DeviceApprovalResponse }),
    /**
     * Where the attempt stands; while it is pending the API holds the answer until it moves (or
     * `attemptHoldMs`), so a login finished elsewhere is heard at once.
     */
    attempt: (attemptId: string, signal?: AbortSignal) =>
      client.get(`/v1/auth/attempts/${encodeURIComponent(attemptId)}`, {
        schema: AuthAttemptStatus,
        query: { wait: true },
        timeoutMs: attemptHoldMs + 10_000,
        ...(signal ? { signal } : {}),
      }),
    /** `bindingChallenge`: SHA-256 of the secret only the popup this frame opened is given. */
    socialStart: (provider: FrameSocialProvider, deviceKey: DevicePublicKey, bindingChallenge: string) =>
      client.post(
        '/v1/auth/social/start',
        { provider, deviceKey, bindingChallenge },
        { schema: SocialStartResponse },
      ),
    socialConnect: (attemptId: string, proof: DeviceProof) =>
      client.post('/v1/auth/social/connect', { attemptId, proof }, { schema: AuthConnected }),
    farcasterStart: (deviceKey: DevicePublicKey) =>
      client.post('/v1/auth/farcaster/start', { deviceKey }, { schema: FarcasterStartResponse }),
    farcasterConnect: (attemptId: string, proof: DeviceProof) =>
      client.post('/v1/auth/farcaster/connect', { attemptId, proof }, { schema: AuthConnected }),
    passkeyRegisterStart: (deviceKey: DevicePublicKey) =>
      client.post('/v1/auth/passkey/register/start', { deviceKey }, { schema: PasskeyRegisterStartResponse }),
    passkeyRegisterFinish: (attemptId: string, credential: PasskeyRegistration, proof: DeviceProof) =>
      client.post(
        '/v1/auth/passkey/register/finish',
        { attemptId, credential, proof },
        { schema: AuthConnected },
      ),
    passkeyLoginStart: (deviceKey: DevicePublicKey) =>
      client.post('/v1/auth/passkey/login/start', { deviceKey }, { schema: PasskeyLoginStartResponse }),
    passkeyLoginFinish: (attemptId: string, credential: PasskeyAssertion, proof: DeviceProof) =>
      client.post(
        '/v1/auth/passkey/login/finish',
        { attemptId, credential, proof },
        { schema: AuthConnected },
      ),
    refresh: (request: RefreshRequest) =>
      client.post('/v1/auth/session/refresh', request, { schema: AuthTokens }),
    revoke: (accessToken: string) =>
      client.post('/v1/auth/session/revoke', {}, { schema: AuthSignedOut, headers: bearer(accessToken) }),
    walletCreate: (accessToken: string, body: WalletCreateRequest) =>
      client.post('/v1/auth/wallet/create', body, { schema: WalletCreated, headers: bearer(accessToken) }),
    walletShares: (accessToken: string, body: WalletSharesRequest) =>
      client.post('/v1/auth/wallet/shares', body, { schema: WalletShares, headers: bearer(accessToken) }),
    /** Adds a recovery password to a wallet a PRF passkey alone protected. */
    recoveryPassword: (accessToken: string, body: RecoveryPasswordRequest) =>
      client.post('/v1/auth/wallet/recovery-password', body, {
        schema: RecoveryPasswordAdded,
        headers: bearer(accessToken),
      }),
    totpStatus: (accessToken: string, proof: DeviceProof) =>
      client.post('/v1/auth/totp/status', { proof }, { schema: TotpStatus, headers: bearer(accessToken) }),
    totpStart: (accessToken: string, proof: DeviceProof) =>
      client.post(
        '/v1/auth/totp/start',
        { proof },
        { schema: TotpStartResponse, headers: bearer(accessToken) },
      ),
    totpConfirm: (accessToken: string, code: string, proof: DeviceProof) =>
      client.post(
        '/v1/auth/totp/confirm',
        { code, proof },
        { schema: TotpConfirmed, headers: bearer(accessToken) },
      ),
    /** A code of the app or a recovery code: this session passed the factor, and the shares are released to it. */
    totpVerify: (accessToken: string, code: string, proof: DeviceProof) =>
      client.post(
        '/v1/auth/totp/verify',
        { code, proof },
        { schema: TotpStatus, headers: bearer(accessToken) },
      ),
    passkeyList: (accessToken: string, proof: DeviceProof) =>
      client.post('/v1/auth/passkey/list', { proof }, { schema: PasskeyList, headers: bearer(accessToken) }),
    passkeyAddStart: (accessToken: string, body: PasskeyAddStartRequest) =>
      client.post('/v1/auth/passkey/add/start', body, {
        schema: PasskeyRegisterStartResponse,
        headers: bearer(accessToken),
      }),
    passkeyAddFinish: (accessToken: string, body: PasskeyAddFinishRequest) =>
      client.post('/v1/auth/passkey/add/finish', body, {
        schema: PasskeySummary,
        headers: bearer(accessToken),
      }),
    passkeyRemove: (accessToken: string, body: PasskeyRemoveRequest) =>
      client.post('/v1/auth/passkey/remove', body, { schema: PasskeyList, headers: bearer(accessToken) }),
    totpThreshold: (accessToken: string, body: TotpThresholdRequest) =>
      client.post('/v1/auth/totp/threshold', body, { schema: TotpStatus, headers: bearer(accessToken) }),
    /** A pass for one sensitive action, which the Worker takes once; with a factor on, for a fresh code only. */
    factorPass: (accessToken: string, body: FactorPassRequest) =>
      client.post('/v1/auth/factor/pass', body, {
        schema: FactorPassResponse,
        headers: bearer(accessToken),
      }),
    /** Chooses a passkey as the second factor, with an assertion over a 'login-method' challenge. */
    passkeyFactorOn: (accessToken: string, body: PasskeyFactorOnRequest) =>
      client.post('/v1/auth/factor/passkey/on', body, { schema: PasskeyList, headers: bearer(accessToken) }),
    /** Drops the passkey as the second factor, for a fresh factor. */
    passkeyFactorOff: (accessToken: string, body: PasskeyFactorOffRequest) =>
      client.post('/v1/auth/factor/passkey/off', body, { schema: PasskeyList, headers: bearer(accessToken) }),
    /** A challenge for the user's passkey as the fresh factor of one action. */
    /** A passkey challenge for passing the factor as the wallet opens. */
    factorPasskeyOpen: (accessToken: string, body: FactorPasskeyOpenStartRequest) =>
      client.post('/v1/auth/factor/passkey/open', body, {
        schema: PasskeyLoginStartResponse,
        headers: bearer(accessToken),
      }),
    /** The passkey's assertion over it: the session passed the factor. */
    factorPasskeyVerify: (accessToken: string, body: FactorPasskeyVerifyRequest) =>
      client.post('/v1/auth/factor/passkey/verify', body, {
        schema: TotpStatus,
        headers: bearer(accessToken),
      }),
    /** Sets the send threshold with either factor. */
    factorThreshold: (accessToken: string, body: FactorThresholdRequest) =>
      client.post('/v1/auth/factor/threshold', body, {
        schema: FactorThreshold,
        headers: bearer(accessToken),
      }),
    factorPasskey: (accessToken: string, body: FactorPasskeyStartRequest) =>
      client.post('/v1/auth/factor/passkey', body, {
        schema: PasskeyLoginStartResponse,
        headers: bearer(accessToken),
      }),
    totpDisable: (accessToken: string, code: string, proof: DeviceProof) =>
      client.post(
        '/v1/auth/totp/disable',
        { code, proof },
        { schema: TotpStatus, headers: bearer(accessToken) },
      ),
  }
}
