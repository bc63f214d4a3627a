// Runs the test wallet from a terminal for manual demos: pairs with a `wc:` URI, approves
// every proposal and answers requests until interrupted.
//   tsx src/wallet/cli.ts --relay ws://127.0.0.1:PORT --uri 'wc:…' --rpc eip155:31337=http://127.0.0.1:8545 \
//     --rpc solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1=http://127.0.0.1:8899
import { parseArgs } from 'node:util'
import { create } from './TestWallet.js'

const usage =
  'usage: tsx src/wallet/cli.ts --relay ws://127.0.0.1:PORT --uri wc:… [--rpc eip155:N=http://… | --rpc solana:REF=http://…]… [--account N] [--mnemonic "…"]'

const { values } = parseArgs({
  options: {
    relay: { type: 'string' },
    uri: { type: 'string' },
    rpc: { type: 'string', multiple: true, default: [] },
    account: { type: 'string', default: '0' },
    mnemonic: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})

if (values.help || !values.relay || !values.uri) {
  console.error(usage)
  process.exit(values.help ? 0 : 2)
}

const rpcUrls: Record<string, string> = {}
for (const entry of values.rpc) {
  const separator = entry.indexOf('=')
  if (!/^(eip155:\d+|solana:[1-9A-HJ-NP-Za-km-z]{1,44})=/.test(entry)) {
    console.error(`--rpc expects eip155:<chain id>=<url> or solana:<ref>=<url>, got ${entry}\n${usage}`)
    process.exit(2)
  }
  rpcUrls[entry.slice(0, separator)] = entry.slice(separator + 1)
}

const wallet = await create({
  relayUrl: values.relay,
  rpcUrls,
  accountIndex: Number(values.account),
  autoApprove: true,
  ...(values.mnemonic !== undefined && { mnemonic: values.mnemonic }),
})
wallet.on('proposal', (proposal) => console.log(`proposal from ${proposal.params.proposer.metadata.name}`))
wallet.on('session', (session) =>
  console.log(
    `approved session ${session.topic} for ${Object.values(session.namespaces)
      .flatMap((namespace) => namespace.accounts)
      .join(', ')}`,
  ),
)
wallet.on('request', (request) => {
  const outcome =
    'result' in request.response
      ? JSON.stringify(request.response.result)
      : `error ${request.response.error.code}: ${request.response.error.message}`
  console.log(`${request.method} on ${request.chainId} -> ${outcome}`)
})
wallet.on('delete', ({ topic }) => console.log(`session ${topic} ended by the dapp`))
wallet.on('error', (error) => console.error(`error: ${error.message}`))

console.log(
  `test wallet ${wallet.address} / ${wallet.solanaAddress} / ${wallet.bitcoinAddress} pairing through ${values.relay}`,
)
await wallet.pair(values.uri)
console.log('paired; waiting for the proposal (Ctrl-C to quit)')

const shutdown = async () => {
  await wallet.close()
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
