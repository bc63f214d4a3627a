// `npm start`: the whole local stack on one machine — devnets, the frame and the demo host page
// on two origins — then prints the demo URL. Ctrl-C stops everything.
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { imageSettings, loginSettings, onrampFundingAddresses, startDevstack } from '@walletframe/devstack'
import type { ChainsFile, FrameConfigInput, SponsorshipPolicy } from '@walletframe/protocol'
import { buildApps, demoDist, frameDist, repoRoot } from './build-apps.js'
import { frameHeaders, type Options, type Served, serveStatic } from './serveStatic.js'

const projectId = 'local-dev'

/**
 * The demo project sponsors its smart accounts' calls to the devnets' fixture contracts (the tokens,
 * WETH, the swap routers, the test NFT) and their own smart-session grants and revocations, so a
 * newcomer's first swap or token send shows "Network fee: Sponsored"; a plain transfer to a person
 * is paid by the account, as a real project would choose.
 */
function demoSponsorship(chainsFile: ChainsFile): SponsorshipPolicy {
  const sponsored = ['weth9', 'uniswapV2Router02', 'swapFeeRouter', 'usdc', 'dai', 'tix', 'testNft']
  const allowedContracts = chainsFile.networks.flatMap((network) =>
    sponsored.flatMap((name) => network.contracts[name] ?? []),
  )
  // 10 ETH per network: the count is kept in .data/api across runs.
  return { enabled: true, allowedContracts, sessionGrants: true, budgetWei: (10n * 10n ** 18n).toString() }
}

/** Serves on the preferred port, or on any free one when it is taken. */
async function serveOn(preferred: number, options: Options): Promise<Served> {
  try {
    return await serveStatic({ ...options, port: preferred })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    return serveStatic({ ...options, port: 0 })
  }
}

async function main() {
  const started = Date.now()
  console.log('Starting the devstack (local chains) and building the frame and the demo…')
  // The API's modules load while the devstack starts, which mostly waits on its processes (anvil, the
  // bundlers) booting: loaded first, they would hold every start back by seconds.
  const apiModule = import('@walletframe/api')
  // A failed load is reported where it is awaited, after the devstack's start, not as an unhandled rejection.
  apiModule.catch(() => undefined)
  // Side by side: the devstack mostly waits on its processes while the build computes; a build whose
  // inputs did not change since the last run is reused.
  const [devstack, built] = await Promise.all([
    startDevstack({ out: resolve(repoRoot, 'chains.local.json'), bundler: true }),
    buildApps({ quiet: true }),
  ])
  const { chainsFile } = devstack
  console.log(
    built.length
      ? `Built: ${built.join(', ')}.`
      : 'The frame and the demo are unchanged since the last build.',
  )

  const { passPublicKey, startApi } = await apiModule

  let demoOrigin = ''
  let apiUrl: string | undefined
  // The API's auth secret, which its pass key derives from: the frame's Worker checks passes with it.
  const authSecret = process.env.WALLETFRAME_AUTH_SECRET ?? randomBytes(32).toString('hex')
  const frame = await serveOn(Number(process.env.FRAME_PORT ?? 5174), {
    root: frameDist,
    headers: frameHeaders,
    json: {
      '/frame-config.json': (): FrameConfigInput => ({
        ...(apiUrl ? { apiUrl, passKey: passPublicKey(authSecret) } : {}),
        development: true,
        projects: [{ projectId, allowedOrigins: [demoOrigin] }],
        networks: chainsFile.networks,
        ...(chainsFile.services.relay
          ? { walletConnect: { projectId, relayUrl: chainsFile.services.relay } }
          : {}),
      }),
    },
  })
  const demo = await serveOn(Number(process.env.DEMO_PORT ?? 5173), {
    root: demoDist,
    json: {
      '/demo-config.json': () => ({
        frameUrl: frame.url,
        projectId,
        networks: chainsFile.networks.map((network) => network.caipNetworkId),
      }),
    },
  })
  demoOrigin = demo.origin

  // After the devstack: PGlite's start keeps the event loop busy for a few seconds.
  console.log('Starting the API (embedded PostgreSQL)…')
  const api = await startApi({
    port: Number(process.env.API_PORT ?? 0),
    config: {
      ...chainsFile,
      options: {
        development: true,
        frameOrigins: [frame.origin],
        // Email and social login against the devstack's mail catcher and OAuth stand-in; a fresh secret
        // per run unless one is set (sessions then end with the run).
        auth: {
          secret: authSecret,
          ...loginSettings(chainsFile.services),
        },
        // Wallet logos and token icons from the devstack's stand-in registry image server and token list.
        images: imageSettings(chainsFile),
        // The devstack's on-ramp, configured as a real provider would be: its URL and the addresses
        // it delivers from (Activity's on-ramp purchases).
        ...(chainsFile.services.onramp && {
          onramp: {
            url: chainsFile.services.onramp,
            fundingAddresses: onrampFundingAddresses(chainsFile.networks),
          },
        }),
      },
    },
    dataDir: process.env.DATABASE_URL ? undefined : resolve(repoRoot, '.data/api'),
    localProject: { id: projectId, allowedOrigins: [demo.origin], sponsorship: demoSponsorship(chainsFile) },
  })
  apiUrl = api.url

  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`\nWalletframe is running (${seconds} s):`)
  for (const network of chainsFile.networks)
    console.log(
      `  ${network.name.padEnd(24)} ${network.rpcUrls.default.http[0]}${network.bundlerUrl ? `  (ERC-4337 bundler ${network.bundlerUrl})` : ''}`,
    )
  console.log(`  ${'WalletConnect relay'.padEnd(24)} ${chainsFile.services.relay ?? 'off'}`)
  console.log(`  ${'On-ramp checkout'.padEnd(24)} ${chainsFile.services.onramp ?? 'off'}`)
  if (chainsFile.services.mail)
    console.log(`  ${'Login codes (mail)'.padEnd(24)} ${chainsFile.services.mail}/?to=<your address>`)
  console.log(`  ${'OAuth stand-in'.padEnd(24)} ${chainsFile.services.oauth ?? 'off'}`)
  if (chainsFile.services.farcaster)
    console.log(
      `  ${'Farcaster app stand-in'.padEnd(24)} ${chainsFile.services.farcaster}/connect?channelToken=<from the QR link>`,
    )
  console.log(`  ${'API'.padEnd(24)} ${api.url}`)
  console.log(`  ${'Frame'.padEnd(24)} ${frame.url}`)
  console.log(`\n  Demo: ${demo.url}\n`)
  console.log('Press Ctrl-C to stop.')

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await Promise.allSettled([demo.close(), frame.close(), api.stop()])
    await devstack.stop()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
