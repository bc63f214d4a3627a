// Sign In With Solana as the frame writes it: the wallet-standard message text for the host's origin,
// the solana_signMessage request a wallet signs, and an ed25519 signature that the wallet-standard
// verifier accepts.
import { generateKeyPairSync, sign } from 'node:crypto'
import { parseSignInMessageText, verifySignIn } from '@solana/wallet-standard-util'
import { solanaNetwork } from '@walletframe/protocol/testing'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { SignInAnswerError } from '../Chain.js'
import { prepareSignIn } from './signIn.js'

function keypair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  return { address: bs58.encode(raw), publicKey: new Uint8Array(raw), privateKey }
}

describe('prepareSignIn (solana)', () => {
  it('writes a SIWS message for the origin and reads a base58 ed25519 signature that verifies', () => {
    const network = solanaNetwork()
    const signer = keypair()
    const issuedAt = new Date('2030-01-01T00:00:00.000Z')
    const prepared = prepareSignIn(network, {
      address: signer.address,
      domain: 'app.example',
      uri: 'https://app.example',
      statement: 'Sign in to App',
      nonce: 'nonce1234567',
      issuedAt,
      expirationTime: new Date(issuedAt.getTime() + 60_000),
    })
    expect(parseSignInMessageText(prepared.message)).toMatchObject({
      domain: 'app.example',
      address: signer.address,
      uri: 'https://app.example',
      nonce: 'nonce1234567',
      chainId: network.caipNetworkId,
    })
    expect(prepared.method).toBe('solana_signMessage')
    const { message, pubkey } = prepared.params as { message: string; pubkey: string }
    expect(pubkey).toBe(signer.address)
    const bytes = bs58.decode(message)
    expect(new TextDecoder().decode(bytes)).toBe(prepared.message)

    const signature = sign(null, bytes, signer.privateKey)
    const read = prepared.signature({ signature: bs58.encode(signature) })
    expect(read).toBe(bs58.encode(signature))
    const input = { ...parseSignInMessageText(prepared.message)! }
    const output = {
      account: { address: signer.address, publicKey: signer.publicKey, chains: [], features: [] },
      signedMessage: bytes,
      signature: new Uint8Array(signature),
    }
    expect(verifySignIn(input, output)).toBe(true)
    expect(prepared.data).toMatchObject({
      accountAddress: signer.address,
      chainId: network.caipNetworkId,
      type: 'ed25519',
    })
  })

  it('refuses an answer that is not a 64-byte signature', () => {
    const prepared = prepareSignIn(solanaNetwork(), {
      address: keypair().address,
      domain: 'app.example',
      uri: 'https://app.example',
      statement: 'Sign in',
      nonce: 'nonce1234567',
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + 60_000),
    })
    expect(() => prepared.signature({ signature: bs58.encode(new Uint8Array(10)) })).toThrow(
      SignInAnswerError,
    )
    expect(() => prepared.signature('0x00')).toThrow(SignInAnswerError)
  })
})
