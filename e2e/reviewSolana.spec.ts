// See before you sign, on Solana: a SOL transfer the host asks a WalletConnect wallet to sign and send
// waits on ReviewRequest with the exact change of the wallet's balance (the amount and the fee, in SOL)
// before the wallet hears of it; Continue hands it over, and the chain then shows that change.
import { mergeTests } from '@playwright/test'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { test as apiTest } from './lib/api.js'
import { providerRequest as request } from './lib/provider.js'
import { connectByQr, expect, test as walletConnectTest } from './lib/walletConnect.js'

const test = mergeTests(apiTest, walletConnectTest)
test.use({ withSolana: true })

test.afterEach(({ outbound }) => {
  // Nothing the page or the frame did may leave the machine.
  expect(outbound).toEqual([])
})

/** Lamports as SOL with every one of its 9 decimals kept, trailing zeros dropped. */
const sol = (lamports: bigint) => {
  const sign = lamports < 0n ? '-' : '+'
  const digits = (lamports < 0n ? -lamports : lamports).toString().padStart(10, '0')
  const fraction = digits.slice(-9).replace(/0+$/, '')
  return `${sign}${digits.slice(0, -9)}${fraction ? `.${fraction}` : ''} SOL`
}

test('a Solana transfer shows its balance change before it is signed, and the chain then shows it', async ({
  api: _api,
  demo,
  modal,
  wallet,
  chains,
}) => {
  const solana = chains.networks.find((network) => network.chainNamespace === 'solana')
  if (!solana) throw new Error('the devstack has no Solana network')
  const connection = new Connection(solana.rpcUrls.default.http[0] as string, 'confirmed')
  await connectByQr(demo, modal, wallet)
  await demo.getByTestId('network-select').selectOption(solana.caipNetworkId)
  await demo.getByTestId('switch-network').click()
  await expect(demo.getByTestId('state-network')).toHaveText(solana.caipNetworkId)
  const requests: string[] = []
  wallet.on('request', (answered) => requests.push(answered.method))

  const sender = new PublicKey(wallet.solanaAddress)
  const receiver = Keypair.generate().publicKey
  const lamports = BigInt(LAMPORTS_PER_SOL / 4 + 1_234)
  const { blockhash } = await connection.getLatestBlockhash()
  const message = new TransactionMessage({
    payerKey: sender,
    recentBlockhash: blockhash,
    instructions: [SystemProgram.transfer({ fromPubkey: sender, toPubkey: receiver, lamports })],
  }).compileToV0Message()
  const fee = BigInt((await connection.getFeeForMessage(message)).value as number)
  const before = BigInt(await connection.getBalance(sender))
  const transaction = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64')

  const sending = request(demo, 'solana_signAndSendTransaction', { transaction })
  const view = modal.getByTestId('wf-review-request')
  await expect(view).toHaveAttribute('data-method', 'solana_signAndSendTransaction')
  // The exact change of the wallet's balance, the fee included, before the wallet is asked.
  await expect(modal.getByTestId('wf-review-change')).toHaveText([sol(-(lamports + fee))])
  await expect(modal.getByTestId('wf-review-change')).toHaveAttribute('data-kind', 'out')
  await expect(modal.getByTestId('wf-review-verdict')).toHaveAttribute('data-level', 'none')
  expect(requests).toEqual([])
  expect(BigInt(await connection.getBalance(sender))).toBe(before)

  await modal.getByTestId('wf-review-continue').click()
  const answer = await sending
  expect(answer.error).toBeUndefined()
  const { signature } = answer.result as { signature: string }
  await connection.confirmTransaction(signature, 'confirmed')
  expect(requests).toEqual(['solana_signAndSendTransaction'])
  expect(BigInt(await connection.getBalance(receiver))).toBe(lamports)
  expect(BigInt(await connection.getBalance(sender))).toBe(before - lamports - fee)
})
