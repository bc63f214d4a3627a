// A WalletConnect wallet with EVM and Solana accounts: the frame shows and uses both. The host
// switches to the Solana network, sees the Solana CAIP address, and signs a message and a
// transaction with the wallet's Solana key (the Node test wallet, over the local relay).
import { createPublicKey, verify } from 'node:crypto'
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { providerRequest } from './lib/provider.js'
import { connectByQr, expect, test } from './lib/walletConnect.js'

test.use({ withSolana: true })

/** An ed25519 signature check against a raw 32-byte Solana public key. */
function verifiesWith(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const raw = new PublicKey(address).toBytes()
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, message, key, signature)
}

test.afterEach(({ outbound }) => {
  expect(outbound).toEqual([])
})

test('Solana accounts a wallet approves are shown and usable across namespaces', async ({
  demo,
  modal,
  wallet,
  chains,
}) => {
  const solana = chains.networks.find((network) => network.chainNamespace === 'solana')
  if (!solana) throw new Error('the devstack has no Solana network')
  const session = await connectByQr(demo, modal, wallet)
  expect(session.namespaces.solana?.accounts).toEqual([`${solana.caipNetworkId}:${wallet.solanaAddress}`])

  // The host sees both accounts; the EVM one is the active one.
  const state = await demo.evaluate(() =>
    (window as unknown as { walletframe: { getState(): { allAccounts: unknown[] } } }).walletframe.getState(),
  )
  expect(state.allAccounts).toEqual(
    expect.arrayContaining([
      { namespace: 'eip155', address: wallet.address, type: 'eoa' },
      { namespace: 'solana', address: wallet.solanaAddress, type: 'eoa' },
    ]),
  )

  // Switching to the Solana network crosses namespaces without a new connection.
  await demo.getByTestId('network-select').selectOption(solana.caipNetworkId)
  await demo.getByTestId('switch-network').click()
  await expect(demo.getByTestId('state-network')).toHaveText(solana.caipNetworkId)
  await expect(demo.getByTestId('state-caip-address')).toHaveText(
    `${solana.caipNetworkId}:${wallet.solanaAddress}`,
  )
  await expect(demo.getByTestId('state-address')).toHaveText(wallet.solanaAddress)
  // EIP-1193 stays on the EVM account.
  expect(await providerRequest(demo, 'eth_accounts')).toEqual({ result: [wallet.address] })

  // The Account view shows the Solana address.
  await demo.getByTestId('open').click()
  await expect(modal.getByTestId('wf-account-address')).toHaveAttribute('title', wallet.solanaAddress)
  // Its SOL balance, read from the Solana devnet with the lazily loaded Solana chain code.
  await expect(modal.getByTestId('wf-account-balance')).toHaveText(/^\d{1,3}(,\d{3})*(\.\d{1,3})? SOL$/)

  // solana_signMessage: signed with the wallet's Solana key.
  const message = new TextEncoder().encode('Sign in to the demo with Solana')
  const signed = await providerRequest(demo, 'solana_signMessage', {
    message: bs58.encode(message),
    pubkey: wallet.solanaAddress,
  })
  const { signature } = signed.result as { signature: string }
  expect(verifiesWith(wallet.solanaAddress, message, bs58.decode(signature))).toBe(true)

  // solana_signTransaction: a transfer the wallet signs and hands back.
  const transaction = new Transaction({
    feePayer: new PublicKey(wallet.solanaAddress),
    recentBlockhash: bs58.encode(new Uint8Array(32).fill(7)),
  }).add(
    SystemProgram.transfer({
      fromPubkey: new PublicKey(wallet.solanaAddress),
      toPubkey: new PublicKey(chains.accounts.solana[1]?.address as string),
      lamports: 1_000,
    }),
  )
  const unsigned = transaction.serialize({ requireAllSignatures: false }).toString('base64')
  const answer = await providerRequest(demo, 'solana_signTransaction', { transaction: unsigned })
  const returned = Transaction.from(
    Buffer.from((answer.result as { transaction: string }).transaction, 'base64'),
  )
  expect(returned.verifySignatures()).toBe(true)
  expect(returned.signatures[0]?.publicKey.toBase58()).toBe(wallet.solanaAddress)
})
