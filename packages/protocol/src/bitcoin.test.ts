import { describe, expect, it } from 'vitest'
import {
  BitcoinAccountNotConnectedError,
  BitcoinSendTransferParams,
  BitcoinSignMessageParams,
  BitcoinSignPsbtParams,
  InvalidPsbtError,
} from './bitcoin.js'
import { isBitcoinMethod } from './bitcoinMethods.js'

const account = 'bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te'

describe('isBitcoinMethod', () => {
  it('knows the WalletConnect Bitcoin methods and nothing else', () => {
    expect(['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'].every(isBitcoinMethod)).toBe(
      true,
    )
    expect(isBitcoinMethod('personal_sign')).toBe(false)
    expect(isBitcoinMethod('solana_signMessage')).toBe(false)
  })
})

describe('BitcoinSignMessageParams', () => {
  it('takes an account and a message, with an optional protocol of bip322 or ecdsa', () => {
    expect(BitcoinSignMessageParams.parse({ account, message: 'hi', protocol: 'ecdsa' })).toEqual({
      account,
      message: 'hi',
      protocol: 'ecdsa',
    })
    expect(BitcoinSignMessageParams.safeParse({ account, message: 'hi', protocol: 'schnorr' }).success).toBe(
      false,
    )
    expect(BitcoinSignMessageParams.safeParse({ message: 'hi' }).success).toBe(false)
  })
})

describe('BitcoinSendTransferParams', () => {
  it('takes the amount in satoshis as text, a positive whole number', () => {
    const base = { account, recipientAddress: account }
    expect(BitcoinSendTransferParams.safeParse({ ...base, amount: '1500' }).success).toBe(true)
    for (const amount of ['0', '-1', '1.5', '', 1500])
      expect(BitcoinSendTransferParams.safeParse({ ...base, amount }).success).toBe(false)
  })
})

describe('BitcoinSignPsbtParams', () => {
  it('takes a base64 PSBT and the inputs to sign by address and index', () => {
    const params = { account, psbt: 'cHNidP8BAA==', signInputs: [{ address: account, index: 0 }] }
    expect(BitcoinSignPsbtParams.parse(params)).toEqual(params)
    expect(BitcoinSignPsbtParams.safeParse({ ...params, psbt: 'not base64!' }).success).toBe(false)
    expect(
      BitcoinSignPsbtParams.safeParse({ ...params, signInputs: [{ address: account, index: -1 }] }).success,
    ).toBe(false)
  })
})

describe('errors', () => {
  it('carry EIP-1193 codes and a reason a host can tell apart', () => {
    expect(
      new BitcoinAccountNotConnectedError(account, 'bip122:000000000019d6689c085ae165831e93').toJSON(),
    ).toEqual({
      code: 4100,
      message: `${account} is not a Bitcoin account of this connection on bip122:000000000019d6689c085ae165831e93`,
      data: { reason: 'accountNotConnected' },
    })
    expect(new InvalidPsbtError('not a PSBT').toJSON()).toEqual({
      code: -32602,
      message: 'psbt: not a PSBT',
      data: { reason: 'invalidPsbt' },
    })
  })
})
