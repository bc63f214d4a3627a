// WalletConnect over the devstack relay, all in one Node process: a sign-client dapp and the
// devstack test wallet (WalletKit). Connect = dapp.connect() until the dapp's approval
// resolves (proposal published, wallet pairs from the URI and approves, dapp gets the
// settlement); also timed from the moment the URI exists, as a user would see it. Request =
// dapp.request() until the answer arrives. Medians of 20 after 2 warm-ups.
// Run: npx tsx bench/walletconnect-relay.ts
import { startRelay } from '../packages/devstack/src/relay/Relay.js'
import * as Anvil from '../packages/devstack/src/wallet/internal/anvil.js'
import * as Dapp from '../packages/devstack/src/wallet/internal/dapp.js'
import { createTestWallet } from '../packages/devstack/src/wallet/TestWallet.js'

const runs = 20
const warmups = 2
const chain = 'eip155:31337'

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = []
  for (let index = 0; index < warmups + runs; index++) {
    const started = performance.now()
    await run()
    if (index >= warmups) samples.push(performance.now() - started)
  }
  return samples
}

export async function measure() {
  const [relay, anvil] = await Promise.all([startRelay(), Anvil.start(31337)])
  const dapp = await Dapp.create({ relayUrl: relay.url })
  const wallet = await createTestWallet({ relayUrl: relay.url, rpcUrls: { [chain]: anvil.url } })
  try {
    const fromUri: number[] = []
    const connect = await timed(async () => {
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: {
          eip155: {
            chains: [chain],
            methods: ['personal_sign', 'eth_sendTransaction'],
            events: ['chainChanged'],
          },
        },
      })
      const shown = performance.now()
      if (!uri) throw new Error('connect() gave no URI')
      await Promise.all([wallet.pair(uri).then(() => wallet.approveNextProposal()), approval()])
      fromUri.push(performance.now() - shown)
    })
    const session = dapp.session.getAll().at(-1)
    if (!session) throw new Error('no session')
    const sign = await timed(() =>
      dapp.request({
        topic: session.topic,
        chainId: chain,
        request: { method: 'personal_sign', params: ['0x6869', wallet.address] },
      }),
    )
    const send = await timed(() =>
      dapp.request({
        topic: session.topic,
        chainId: chain,
        request: {
          method: 'eth_sendTransaction',
          params: [{ from: wallet.address, to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }],
        },
      }),
    )
    return {
      connect: median(connect),
      connectFromUri: median(fromUri.slice(warmups)),
      personalSign: median(sign),
      sendTransaction: median(send),
      relay: relay.stats(),
    }
  } finally {
    await wallet.close()
    await dapp.close()
    await Promise.all([relay.stop(), anvil.stop()])
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measure()
  const ms = (value: number) => `${value.toFixed(1)} ms`
  console.log(`relay after the run: ${JSON.stringify(result.relay)}`)
  console.log('')
  console.log(`| Benchmark (median of ${runs}, local relay) | Result |`)
  console.log('| --- | --- |')
  console.log(`| Connect: dapp.connect() -> session on the dapp | ${ms(result.connect)} |`)
  console.log(`| Connect: URI shown -> session on the dapp | ${ms(result.connectFromUri)} |`)
  console.log(`| Request round trip: personal_sign | ${ms(result.personalSign)} |`)
  console.log(`| Request round trip: eth_sendTransaction (anvil) | ${ms(result.sendTransaction)} |`)
}
