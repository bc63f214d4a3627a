// The Farcaster app's side of Sign In With Farcaster, for tests and the devstack's /connect page: given
// a channel URL (what the app's QR code holds), it reads the channel's sign-in parameters, builds the
// SIWF message (EIP-4361, statement "Farcaster Auth", chain 10, resource farcaster://fid/<fid>) with
// `@farcaster/auth-client`, signs it with the user's custody key and hands it to the relay.
import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DevstackError } from '../errors.js'
import { relayAuthKey } from './Relay.js'
import { type FarcasterUser, farcasterUser } from './users.js'

/** The relay or the auth client refused a step of the sign-in. */
export class FarcasterSignInError extends DevstackError {
  override readonly name = 'FarcasterSignInError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('FARCASTER_SIGN_IN_FAILED', message, options)
  }
}

export declare namespace signIn {
  type Options = {
    /** The relay base URL (`services.farcaster`). */
    relayUrl: string
    /** The channel URL as the app shows it (`…?channelToken=…`), or the bare token. */
    channel: string
    /** A fixture user (by key or as is); `alice` by default. */
    user?: string | FarcasterUser
    /** Claim this fid instead of the user's own (to test that custody checks refuse it). */
    fid?: number
    /** Sign this message instead of building one (to replay an earlier sign-in). */
    message?: { message: string; signature: Hex }
    /** The relay key (the devstack relay's by default). */
    authKey?: string
  }
  type ReturnType = { message: string; signature: Hex; fid: number; channelToken: string }
}

export function channelTokenOf(channel: string): string {
  if (!channel.includes('channelToken=')) return channel
  const token = new URL(channel).searchParams.get('channelToken')
  if (!token) throw new FarcasterSignInError(`No channelToken in ${channel}`)
  return token
}

type Pending = {
  state: 'pending' | 'completed'
  signatureParams: {
    siweUri: string
    domain: string
    nonce: string
    notBefore?: string
    expirationTime?: string
    requestId?: string
  }
}

export async function signIn(options: signIn.Options): Promise<signIn.ReturnType> {
  const user = typeof options.user === 'object' ? options.user : farcasterUser(options.user ?? 'alice')
  const fid = options.fid ?? user.fid
  if (fid === undefined) throw new FarcasterSignInError(`${user.key} has no fid; pass one to claim`)
  const channelToken = channelTokenOf(options.channel)
  // The client never reads the chain: building and authenticating are relay and local work only.
  const client = createWalletClient({
    relay: options.relayUrl,
    ethereum: viemConnector({ rpcUrl: 'http://127.0.0.1:1' }),
  })

  let signed = options.message
  if (!signed) {
    // The real app learns the request from the relay too; the pending status carries its parameters.
    const answer = await fetch(`${options.relayUrl}/v1/channel/status`, {
      headers: { authorization: `Bearer ${channelToken}` },
    })
    if (answer.status !== 202)
      throw new FarcasterSignInError(`The channel is not waiting for a sign-in (status ${answer.status})`)
    const { signatureParams: params } = (await answer.json()) as Pending
    const account = privateKeyToAccount(user.custodyKey)
    const built = client.buildSignInMessage({
      address: account.address,
      fid,
      uri: params.siweUri,
      domain: params.domain,
      nonce: params.nonce,
      ...(params.notBefore ? { notBefore: new Date(params.notBefore) } : {}),
      ...(params.expirationTime ? { expirationTime: new Date(params.expirationTime) } : {}),
      ...(params.requestId ? { requestId: params.requestId } : {}),
    })
    if (built.isError)
      throw new FarcasterSignInError('The SIWF message could not be built', { cause: built.error })
    signed = { message: built.message, signature: await account.signMessage({ message: built.message }) }
  }

  const authenticated = await client.authenticate({
    channelToken,
    authKey: options.authKey ?? relayAuthKey,
    message: signed.message,
    signature: signed.signature,
    fid,
    username: user.username,
    displayName: user.displayName,
    bio: user.bio,
    pfpUrl: user.pfpUrl,
  })
  if (authenticated.isError)
    throw new FarcasterSignInError('The relay refused the sign-in', { cause: authenticated.error })
  if (authenticated.response?.status !== undefined && authenticated.response.status !== 201)
    throw new FarcasterSignInError(
      `The relay refused the sign-in (${authenticated.response.status} ${JSON.stringify(authenticated.data)})`,
    )
  return { ...signed, fid, channelToken }
}
