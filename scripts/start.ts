// `npm start`: the whole local stack on one machine — devnets, the frame and the demo host page
// on two origins — then prints the demo URL. Ctrl-C stops everything.
import { resolve } from 'node:path'
import { startDevstack } from '@walletframe/devstack'
import type { FrameConfigInput } from '@walletframe/protocol'
import { buildApps, demoDist, frameDist, repoRoot } from './build-apps.js'
import { frameHeaders, type Options, type Served, serveStatic } from './serveStatic.js'

const projectId = 'local-dev'

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
  console.log('Starting the devstack (local chains)…')
  const devstack = await startDevstack({ out: resolve(repoRoot, 'chains.local.json') })
  const { chainsFile } = devstack
  console.log('Building the frame and the demo…')
  await buildApps({ quiet: true })

  let demoOrigin = ''
  const frame = await serveOn(Number(process.env.FRAME_PORT ?? 5174), {
    root: frameDist,
    headers: frameHeaders,
    json: {
      '/frame-config.json': (): FrameConfigInput => ({
        development: true,
        projects: [{ projectId, allowedOrigins: [demoOrigin] }],
        networks: chainsFile.networks,
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

  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`\nWalletframe is running (${seconds} s):`)
  for (const network of chainsFile.networks)
    console.log(`  ${network.name.padEnd(24)} ${network.rpcUrls.default.http[0]}`)
  console.log(`  ${'Frame'.padEnd(24)} ${frame.url}`)
  console.log(`\n  Demo: ${demo.url}\n`)
  console.log('Press Ctrl-C to stop.')

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await Promise.allSettled([demo.close(), frame.close(), devstack.stop()])
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
