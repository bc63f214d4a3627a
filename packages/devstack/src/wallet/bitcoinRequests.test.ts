import * as ecc from '@bitcoinerlab/secp256k1'
import * as btc from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import * as bitcoin from 'bitcoinjs-lib'
import bitcoinMessage from 'bitcoinjs-message'
import { describe, expect, it } from 'vitest'
import * as BitcoinKeys from './bitcoinKeys.js'
import * as BitcoinRequests from './bitcoinRequests.js'
import { toErrorObject } from './requests.js'
import { testMnemonic } from './TestWallet.js'

const accounts = BitcoinKeys.accounts(testMnemonic, 0)
const mainnet = accounts[BitcoinKeys.bitcoinMainnet] as BitcoinKeys.BitcoinAccount
const testnet = accounts['bip122:000000000933ea01ad0ee984209779ba'] as BitcoinKeys.BitcoinAccount
/** Another key's address on mainnet (account 1 of the same mnemonic). */
const stranger = (
  BitcoinKeys.accounts(testMnemonic, 1)[BitcoinKeys.bitcoinMainnet] as BitcoinKeys.BitcoinAccount
).address

function answer(method: string, params: unknown, account = mainnet) {
  return BitcoinRequests.answer({ method, params }, { account })
}

async function failure(promise: Promise<unknown>) {
  return toErrorObject(
    await promise.then(
      () => expect.fail('expected an error'),
      (error: unknown) => error,
    ),
  )
}

/** A PSBT spending one made-up output that pays `owner`, to `to`. */
function unsignedPsbt(owner: BitcoinKeys.BitcoinAccount, to: string): string {
  const transaction = new btc.Transaction()
  transaction.addInput({
    txid: '11'.repeat(32),
    index: 1,
    witnessUtxo: { script: owner.script, amount: 50_000n },
  })
  transaction.addOutputAddress(to, 40_000n, owner.network)
  return Buffer.from(transaction.toPSBT()).toString('base64')
}

/** Whether every partial signature of input `index` verifies against its public key. */
function signaturesVerify(psbt: string, index: number): boolean {
  return bitcoin.Psbt.fromBase64(psbt).validateSignaturesOfInput(index, (pubkey, hash, signature) =>
    ecc.verify(hash, pubkey, signature),
  )
}

describe('accounts', () => {
  it('derives the BIP-84 first external address per network', () => {
    expect(mainnet.path).toBe("m/84'/0'/0'/0/0")
    expect(mainnet.address).toBe('bc1q4qw42stdzjqs59xvlrlxr8526e3nunw7mp73te')
    expect(testnet.path).toBe("m/84'/1'/0'/0/0")
    expect(testnet.address).toMatch(/^tb1q/)
    expect(accounts['bip122:0f9188f13cb7b2c71f2a335e3a4fc328']?.address).toMatch(/^bcrt1q/)
  })
})

describe('answer', () => {
  it('signs a message with BIP-322 simple by default, which a BIP-322 verifier accepts', async () => {
    const message = 'Sign in to the demo with Bitcoin'
    const result = (await answer('signMessage', { account: mainnet.address, message })) as {
      address: string
      signature: string
    }
    expect(result.address).toBe(mainnet.address)
    expect(Verifier.verifySignature(mainnet.address, message, result.signature)).toBe(true)
    expect(Verifier.verifySignature(mainnet.address, `${message}!`, result.signature)).toBe(false)
  })

  it('signs in the legacy format (BIP-137, segwit header) when asked for ecdsa', async () => {
    const message = 'Legacy message'
    const { signature } = (await answer('signMessage', {
      account: mainnet.address,
      message,
      protocol: 'ecdsa',
    })) as { signature: string }
    expect(Buffer.from(signature, 'base64')).toHaveLength(65)
    expect(bitcoinMessage.verify(message, mainnet.address, signature, undefined, true)).toBe(true)
  })

  it('signs on testnet with the testnet key', async () => {
    const { signature } = (await answer(
      'signMessage',
      { account: testnet.address, message: 'hi' },
      testnet,
    )) as { signature: string }
    expect(Verifier.verifySignature(testnet.address, 'hi', signature)).toBe(true)
  })

  it('refuses to sign for an address that is not its own', async () => {
    expect(await failure(answer('signMessage', { account: stranger, message: 'x' }))).toMatchObject({
      code: -32602,
      message: expect.stringContaining('is not an address of this wallet'),
    })
  })

  it('signs the named PSBT input with its key and returns the PSBT unfinalized', async () => {
    const psbt = unsignedPsbt(mainnet, stranger)
    const result = (await answer('signPsbt', {
      account: mainnet.address,
      psbt,
      signInputs: [{ address: mainnet.address, index: 0 }],
    })) as { psbt: string }
    const signed = bitcoin.Psbt.fromBase64(result.psbt)
    expect(signed.data.inputs[0]?.partialSig?.[0]?.pubkey).toEqual(Buffer.from(mainnet.publicKey))
    expect(signaturesVerify(result.psbt, 0)).toBe(true)
  })

  it('refuses a malformed PSBT, an input it does not have, and broadcasting', async () => {
    const base = { account: mainnet.address, signInputs: [{ address: mainnet.address, index: 0 }] }
    expect(await failure(answer('signPsbt', { ...base, psbt: 'bm90IGEgcHNidA==' }))).toMatchObject({
      code: -32602,
      message: expect.stringContaining('psbt: not a PSBT'),
    })
    const psbt = unsignedPsbt(mainnet, stranger)
    expect(
      await failure(
        answer('signPsbt', { ...base, psbt, signInputs: [{ address: mainnet.address, index: 3 }] }),
      ),
    ).toMatchObject({ code: -32602, message: expect.stringContaining('the PSBT has 1 inputs') })
    expect(await failure(answer('signPsbt', { ...base, psbt, broadcast: true }))).toMatchObject({
      code: -32002,
      message: expect.stringContaining('no Bitcoin node'),
    })
  })

  it('builds and signs a transfer from the devstack UTXOs and answers its txid', async () => {
    const params = { account: mainnet.address, recipientAddress: stranger, amount: '30000000', memo: 'rent' }
    const { txid } = (await answer('sendTransfer', params)) as { txid: string }
    const transaction = BitcoinRequests.buildTransfer(params, mainnet)
    expect(transaction.id).toBe(txid)
    const raw = bitcoin.Transaction.fromHex(transaction.hex)
    // 0.3 BTC to the recipient, the memo, the change back to the wallet; the fee at 2 sat/vB.
    expect(raw.outs[0]).toMatchObject({ value: 30_000_000 })
    expect(bitcoin.address.fromOutputScript(raw.outs[0]!.script)).toBe(stranger)
    expect(bitcoin.script.toASM(raw.outs[1]!.script)).toBe(`OP_RETURN ${Buffer.from('rent').toString('hex')}`)
    expect(bitcoin.address.fromOutputScript(raw.outs[2]!.script)).toBe(mainnet.address)
    const spent = BitcoinRequests.devstackUtxos(mainnet).slice(0, raw.ins.length)
    const fee =
      spent.reduce((sum, utxo) => sum + utxo.amount, 0n) -
      raw.outs.reduce((sum, out) => sum + BigInt(out.value), 0n)
    expect(fee).toBe(BigInt(raw.virtualSize()) * BitcoinRequests.feeRate)
    // Every input's witness signature verifies against the wallet's key.
    for (const [index, input] of raw.ins.entries()) {
      const [der, pubkey] = input.witness as [Buffer, Buffer]
      const { signature, hashType } = bitcoin.script.signature.decode(der)
      const scriptCode = bitcoin.payments.p2pkh({ pubkey }).output as Buffer
      const hash = raw.hashForWitnessV0(index, scriptCode, Number(spent[index]!.amount), hashType)
      expect(ecc.verify(hash, pubkey, signature)).toBe(true)
    }
  })

  it('refuses a transfer to an address of another network or beyond its UTXOs', async () => {
    expect(
      await failure(
        answer('sendTransfer', {
          account: mainnet.address,
          recipientAddress: testnet.address,
          amount: '1000',
        }),
      ),
    ).toMatchObject({ code: -32602, message: expect.stringContaining('recipientAddress') })
    expect(
      await failure(
        answer('sendTransfer', { account: mainnet.address, recipientAddress: stranger, amount: '500000000' }),
      ),
    ).toMatchObject({ code: -32602, message: expect.stringContaining('cannot pay') })
  })

  it('lists its payment address with its key and path', async () => {
    expect(await answer('getAccountAddresses', { account: mainnet.address })).toEqual([
      {
        address: mainnet.address,
        publicKey: Buffer.from(mainnet.publicKey).toString('hex'),
        path: "m/84'/0'/0'/0/0",
        intention: 'payment',
      },
    ])
  })

  it('refuses malformed params and unknown methods', async () => {
    expect(
      await failure(
        answer('sendTransfer', { account: mainnet.address, recipientAddress: stranger, amount: 5 }),
      ),
    ).toMatchObject({
      code: -32602,
      message: expect.stringContaining('sendTransfer: amount'),
    })
    expect(await failure(answer('signTransaction', {}))).toMatchObject({ code: 4200 })
  })
})
