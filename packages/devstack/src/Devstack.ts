// Starts the whole local stack — two anvil chains with fixtures, the Solana RPC, NFT metadata, and any
// extra services — and describes it as one validated chains file.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { ChainsFile, type ChainsFileNetwork } from '@walletframe/protocol/chains'
import { accountCount, evmAccount, solanaAccount, testMnemonic } from './accounts.js'
import * as Bundlers from './bundler/bundlers.js'
import { type ChildProcessError, DevstackError } from './errors.js'
import * as Anvil from './evm/Anvil.js'
import * as Fixtures from './evm/fixtures.js'
import * as Network from './evm/network.js'
import { farcasterService } from './farcaster/service.js'
import { imagesService } from './images/service.js'
import { withNativeIcons } from './images/tokenList.js'
import { mailService } from './mail/service.js'
import * as NftMetadata from './nftMetadata.js'
import { oauthService } from './oidc/service.js'
import { onrampService } from './onramp/service.js'
import * as PaymasterService from './paymaster/PaymasterService.js'
import { relayService } from './relay/service.js'
import type { Service } from './Service.js'
import * as Cluster from './solana/Cluster.js'

export declare namespace startDevstack {
  type Options = {
    /** Start the two anvil chains (default true). */
    evm?: boolean
    /** Start the Solana RPC (default true). */
    solana?: boolean
    /** Start the local WalletConnect relay (default true); its URL is `services.relay`. */
    relay?: boolean
    /**
     * Start an ERC-4337 bundler per EVM chain (default false; `devstack up` and `npm start` turn it
     * on); each network's `bundlerUrl` names it. The ERC-7677 paymaster service comes with it
     * (`paymasterUrl`). Opt-in because two bundlers add about 5 s and
     * 360 MB to a start (bench/smart-account.ts), which only smart-account work needs.
     */
    bundler?: boolean
    /** Start the local on-ramp provider and checkout (default true); its URL is `services.onramp`. */
    onramp?: boolean
    /** Start the stand-in wallet registry's image server (default true); its URL is `services.images`. */
    images?: boolean
    /**
     * Start the login stand-ins (default true): the SMTP catcher (`services.smtp`, its listing at
     * `services.mail`), the OAuth / OpenID Connect provider (`services.oauth`) and the Farcaster auth
     * relay (`services.farcaster`, its IdRegistry chain at `services.farcasterRpc`).
     */
    auth?: boolean
    /** Extra services started after the chains; their URLs land in `services`. */
    services?: readonly Service[]
    /** Write the chains file here once everything answers. */
    out?: string
    /** No progress lines on stderr (default false). */
    quiet?: boolean
    /** Called when a child process dies while the stack runs (default: logs to stderr). */
    onCrash?: (error: ChildProcessError) => void
  }
  type ReturnType = {
    chainsFile: ChainsFile
    /** The child processes the stack runs (anvil nodes), for diagnostics. */
    children: readonly { name: string; pid: number }[]
    /** Stops every child process and server; safe to call twice. */
    stop(): Promise<void>
  }
}

/** Every child still alive, so an exiting process can take them down synchronously. */
const liveChildren = new Set<Anvil.Anvil>()
let exitHookInstalled = false

function installExitHook() {
  if (exitHookInstalled) return
  exitHookInstalled = true
  // 'exit' handlers cannot await; SIGKILL is synchronous and leaves no anvil behind.
  process.on('exit', () => {
    for (const anvil of liveChildren) anvil.process.kill('SIGKILL')
  })
}

export async function startDevstack(options: startDevstack.Options = {}): Promise<startDevstack.ReturnType> {
  const { evm = true, solana = true, quiet = false } = options
  const log = (line: string) => {
    if (!quiet) process.stderr.write(`[devstack] ${line}\n`)
  }
  const onCrash =
    options.onCrash ?? ((error: ChildProcessError) => process.stderr.write(`[devstack] ${error.message}\n`))
  installExitHook()

  const stops: (() => Promise<void>)[] = []
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    await Promise.allSettled(stops.reverse().map((fn) => fn()))
  }

  try {
    const evmAccounts = Array.from({ length: accountCount }, (_, index) => evmAccount(index))
    const networks: ChainsFileNetwork[] = []
    const services: Record<string, string> = {}
    const children: { name: string; pid: number }[] = []

    const startEvm = async () => {
      const metadata = await NftMetadata.start()
      stops.push(metadata.stop)
      services.nftMetadata = metadata.url
      return Promise.all(
        Network.evmChains.map(async ({ chainId, name }) => {
          const anvil = await Anvil.start({ chainId, onCrash })
          liveChildren.add(anvil)
          if (anvil.process.pid) children.push({ name: `anvil (chain ${chainId})`, pid: anvil.process.pid })
          stops.push(async () => {
            await anvil.stop()
            liveChildren.delete(anvil)
          })
          const fixtures = await Fixtures.deploy({
            rpcUrl: anvil.httpUrl,
            nftBaseUri: metadata.baseUri(chainId),
            spamNftBaseUri: metadata.spamBaseUri(chainId),
            accounts: evmAccounts.map((account) => account.address),
          })
          log(`${name} (chain ${chainId}) at ${anvil.httpUrl}`)
          return Network.describe(anvil, name, fixtures)
        }),
      )
    }
    const startSolana = async () => {
      const cluster = await Cluster.start()
      stops.push(cluster.stop)
      log(`${cluster.network.name} at ${cluster.network.rpcUrls.default.http[0]}`)
      return cluster.network
    }

    // Chains start side by side: anvil boots in a child process while litesvm seeds in this one.
    const [evmNetworks, solanaNetwork] = await Promise.all([
      evm ? startEvm() : Promise.resolve([]),
      solana ? startSolana() : Promise.resolve(undefined),
    ])
    networks.push(...evmNetworks)
    // Bundlers need the EntryPoint the fixtures deployed; they boot while the services below start.
    const bundling =
      options.bundler === true && evmNetworks.length > 0
        ? Bundlers.startFor(evmNetworks, { onCrash })
        : undefined
    stops.push(async () => {
      await (await bundling?.catch(() => undefined))?.stop()
    })
    if (solanaNetwork) networks.push(solanaNetwork)
    if (networks.length === 0) throw new DevstackError('NO_NETWORKS', 'Enable at least one of evm or solana')

    const extra = [
      ...(options.relay === false ? [] : [relayService]),
      ...(options.onramp === false ? [] : [onrampService]),
      ...(options.images === false ? [] : [imagesService]),
      ...(options.auth === false ? [] : [mailService, oauthService, farcasterService]),
      ...(options.services ?? []),
    ]
    for (const service of extra) {
      const running = await service.start({ networks, quiet })
      stops.push(running.stop)
      Object.assign(services, running.urls)
      log(`${service.name}: ${Object.values(running.urls).join(', ')}`)
    }

    if (bundling) {
      const bundlers = await bundling
      for (const bundler of bundlers.bundlers) {
        const name = `bundler (chain ${bundler.chainId})`
        if (bundler.process.pid) children.push({ name, pid: bundler.process.pid })
        log(`${name} at ${bundler.url}`)
      }
      // The EVM networks come first in the list.
      networks.splice(0, bundlers.networks.length, ...bundlers.networks)
      // Sponsored gas goes with the bundler: one ERC-7677 service for every chain's VerifyingPaymaster.
      const paymasterService = await PaymasterService.start(networks)
      stops.push(paymasterService.stop)
      log(`paymaster service at ${paymasterService.url}`)
      for (const [index, network] of networks.entries())
        if (network.chainNamespace === 'eip155' && network.contracts.verifyingPaymaster)
          networks[index] = { ...network, paymasterUrl: paymasterService.url }
    }

    // Each native currency's icon on the image server, as the network catalog names one for real chains.
    if (services.images) networks.splice(0, networks.length, ...withNativeIcons(networks, services.images))

    const chainsFile = ChainsFile.parse({
      version: 1,
      networks,
      accounts: {
        mnemonic: testMnemonic,
        evm: evmAccounts,
        solana: solana ? Array.from({ length: accountCount }, (_, index) => solanaAccount(index)) : [],
      },
      services,
    })
    if (options.out) {
      await mkdir(dirname(options.out), { recursive: true })
      await writeFile(options.out, `${JSON.stringify(chainsFile, null, 2)}\n`)
      log(`chains file written to ${options.out}`)
    }
    return { chainsFile, children, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
