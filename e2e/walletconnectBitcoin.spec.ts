// A WalletConnect wallet with EVM and Bitcoin accounts: the host sees the Bitcoin (bip122) account,
// switches to Bitcoin and has the wallet sign a message (BIP-322 simple) and a PSBT through the
// provider; each signature is verified here with Bitcoin libraries of their own (bip322-js,
// bitcoinjs-lib). The frame refuses, before the wallet sees them, a request to sign for an address
// the user did not connect, a malformed PSBT, a Bitcoin call on an EVM chain and a method the wallet
// did not approve. There is no Bitcoin node locally: the Account view shows no balance and no error,
// and nothing leaves the machine. The account and its signing survive a reload in every storage regime.
import * as ecc from '@bitcoinerlab/secp256k1'
import type { AnsweredRequest } from '@walletframe/devstack'
import { Verifier } from 'bip322-js'
import * as bitcoin from 'bitcoinjs-lib'
import { providerRequest } from './lib/provider.js'
import { expectToast, toastsShown } from './lib/toasts.js'
import { bitcoinMainnet, connectByQr, expect, test, testWalletOn } from './lib/walletConnect.js'

test.use({ withBitcoin: true })

/** An unsigned PSBT spending one (made-up) output that pays `address`, back to another address. */
function unsignedPsbt(address: string, to: string): string {
  const psbt = new bitcoin.Psbt({ network: bitcoin.networks.bitcoin })
  psbt.addInput({
    hash: '33'.repeat(32),
    index: 0,
    witnessUtxo: { script: bitcoin.address.toOutputScript(address), value: 20_000 },
  })
  psbt.addOutput({ address: to, value: 19_000 })
  return psbt.toBase64()
}

test.afterEach(({ outbound }) => {
  expect(outbound).toEqual([])
})

test('a Bitcoin account a wallet approves is listed, switched to, and signs messages and PSBTs', async ({
  demo,
  modal,
  wallet,
  chains,
}) => {
  const network = bitcoinMainnet.caipNetworkId
  const answered: AnsweredRequest[] = []
  wallet.on('request', (request) => answered.push(request))
  const session = await connectByQr(demo, modal, wallet)
  expect(session.namespaces.bip122?.accounts).toEqual([`${network}:${wallet.bitcoinAddress}`])

  // The host sees the Bitcoin account beside the EVM one, as a payment account.
  const state = await demo.evaluate(() =>
    (window as unknown as { walletframe: { getState(): { allAccounts: unknown[] } } }).walletframe.getState(),
  )
  expect(state.allAccounts).toEqual(
    expect.arrayContaining([
      { namespace: 'eip155', address: wallet.address, type: 'eoa' },
      { namespace: 'bip122', address: wallet.bitcoinAddress, type: 'payment' },
    ]),
  )

  // Switching to Bitcoin crosses namespaces without a new connection.
  await demo.getByTestId('network-select').selectOption(network)
  await demo.getByTestId('switch-network').click()
  await expect(demo.getByTestId('state-network')).toHaveText(network)
  await expect(demo.getByTestId('state-caip-address')).toHaveText(`${network}:${wallet.bitcoinAddress}`)

  // The Account view shows the Bitcoin address, no balance (no Bitcoin node) and no error.
  await demo.getByTestId('open').click()
  await expect(modal.getByTestId('wf-account-address')).toHaveAttribute('title', wallet.bitcoinAddress)
  await expect(modal.getByTestId('wf-tokens-unavailable')).toBeVisible()
  await expect(modal.getByTestId('wf-account-balance')).toHaveCount(0)
  await modal.getByTestId('wf-close').click()

  // signMessage: BIP-322 simple by default, the legacy format (65 bytes) on protocol ecdsa; both
  // checked with bip322-js, which verifies either.
  const message = 'Sign in to the demo with Bitcoin'
  const signed = await providerRequest(demo, 'signMessage', { account: wallet.bitcoinAddress, message })
  const { address, signature } = signed.result as { address: string; signature: string }
  expect(address).toBe(wallet.bitcoinAddress)
  expect(Buffer.from(signature, 'base64').length).toBeGreaterThan(65)
  expect(Verifier.verifySignature(wallet.bitcoinAddress, message, signature)).toBe(true)
  expect(Verifier.verifySignature(wallet.bitcoinAddress, `${message}.`, signature)).toBe(false)
  const legacy = await providerRequest(demo, 'signMessage', {
    account: wallet.bitcoinAddress,
    message,
    protocol: 'ecdsa',
  })
  const legacySignature = (legacy.result as { signature: string }).signature
  expect(Buffer.from(legacySignature, 'base64')).toHaveLength(65)
  expect(Verifier.verifySignature(wallet.bitcoinAddress, message, legacySignature)).toBe(true)

  // signPsbt: the named input signed by the wallet's key; the signature verifies over the PSBT's sighash.
  const stranger = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'
  const answer = await providerRequest(demo, 'signPsbt', {
    account: wallet.bitcoinAddress,
    psbt: unsignedPsbt(wallet.bitcoinAddress, stranger),
    signInputs: [{ address: wallet.bitcoinAddress, index: 0 }],
  })
  const psbt = bitcoin.Psbt.fromBase64((answer.result as { psbt: string }).psbt)
  const publicKey = wallet.bitcoinAccounts[network]?.publicKey as Uint8Array
  expect(psbt.data.inputs[0]?.partialSig?.map((sig) => sig.pubkey.toString('hex'))).toEqual([
    Buffer.from(publicKey).toString('hex'),
  ])
  expect(psbt.validateSignaturesOfInput(0, (key, hash, sig) => ecc.verify(hash, key, sig))).toBe(true)

  // sendTransfer: built and signed from the devstack's fixed UTXOs; its txid (nothing is broadcast).
  const transfer = await providerRequest(demo, 'sendTransfer', {
    account: wallet.bitcoinAddress,
    recipientAddress: stranger,
    amount: '150000',
  })
  expect(transfer.result).toEqual({ txid: expect.stringMatching(/^[0-9a-f]{64}$/) })
  expect(answered.map((request) => request.method)).toEqual([
    'signMessage',
    'signMessage',
    'signPsbt',
    'sendTransfer',
  ])

  // Refused by the frame before the wallet: an address the user did not connect (4100), a
  // malformed PSBT (-32602), a Bitcoin call on an EVM chain (-32602).
  const foreign = await providerRequest(demo, 'signMessage', { account: stranger, message })
  expect(foreign.error).toEqual({
    code: 4100,
    message: `${stranger} is not a Bitcoin account of this connection on ${network}`,
  })
  const malformed = await providerRequest(demo, 'signPsbt', {
    account: wallet.bitcoinAddress,
    psbt: Buffer.from('not a psbt').toString('base64'),
    signInputs: [{ address: wallet.bitcoinAddress, index: 0 }],
  })
  expect(malformed.error).toMatchObject({ code: -32602, message: expect.stringMatching(/^psbt: not a PSBT/) })
  const foreignInput = await providerRequest(demo, 'signPsbt', {
    account: wallet.bitcoinAddress,
    psbt: unsignedPsbt(stranger, wallet.bitcoinAddress),
    signInputs: [{ address: stranger, index: 0 }],
  })
  expect(foreignInput.error).toMatchObject({ code: 4100 })
  const evm = chains.networks.find((candidate) => candidate.chainNamespace === 'eip155')?.caipNetworkId
  const wrongChain = await providerRequest(demo, 'signMessage', {
    account: wallet.bitcoinAddress,
    message,
    chain: evm,
  })
  expect(wrongChain.error).toEqual({
    code: -32602,
    message: `signMessage is a Bitcoin method and ${evm} is not a Bitcoin network`,
  })
  expect(answered).toHaveLength(4)
  // No toast at any point: no "Token Balance Unavailable", no error.
  expect(toastsShown(demo.context())).toEqual([])

  // A reload keeps the Bitcoin account wherever the session is kept in this storage regime (the
  // frame's storage, its partition, or the SDK's copy in the host page), and it still signs.
  await demo.reload()
  await expect(demo.getByTestId('state-status')).toHaveText('connected')
  await expect
    .poll(async () =>
      demo.evaluate(
        () =>
          (
            window as unknown as { walletframe: { getState(): { allAccounts: unknown[] } } }
          ).walletframe.getState().allAccounts,
      ),
    )
    .toContainEqual({ namespace: 'bip122', address: wallet.bitcoinAddress, type: 'payment' })
  const again = await providerRequest(demo, 'signMessage', {
    account: wallet.bitcoinAddress,
    message: `${message} again`,
    chain: network,
  })
  expect(
    Verifier.verifySignature(
      wallet.bitcoinAddress,
      `${message} again`,
      (again.result as { signature: string }).signature,
    ),
  ).toBe(true)
  expect(answered).toHaveLength(5)
})

test('a Bitcoin method the wallet did not approve is refused with 4200 without reaching it', async ({
  demo,
  modal,
  relay,
  chains,
}) => {
  // A wallet that signs messages but no PSBT.
  const wallet = await testWalletOn(relay, chains, { accountIndex: 5, methods: { bip122: ['signMessage'] } })
  try {
    const answered: string[] = []
    wallet.on('request', (request) => answered.push(request.method))
    const session = await connectByQr(demo, modal, wallet)
    expect(session.namespaces.bip122?.methods).toEqual(['signMessage'])
    const refused = await providerRequest(demo, 'signPsbt', {
      account: wallet.bitcoinAddress,
      psbt: unsignedPsbt(wallet.bitcoinAddress, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'),
      signInputs: [{ address: wallet.bitcoinAddress, index: 0 }],
    })
    expect(refused.error).toEqual({ code: 4200, message: 'Requested RPC call is not allowed: signPsbt' })
    await expectToast(modal, 'Action not allowed')
    const signed = await providerRequest(demo, 'signMessage', {
      account: wallet.bitcoinAddress,
      message: 'hi',
    })
    expect(
      Verifier.verifySignature(
        wallet.bitcoinAddress,
        'hi',
        (signed.result as { signature: string }).signature,
      ),
    ).toBe(true)
    expect(answered).toEqual(['signMessage'])
  } finally {
    await wallet.close()
  }
})
