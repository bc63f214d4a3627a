// Operator command: refresh wallets/registry.json from the WalletConnect explorer API (needs the
// internet and a WalletConnect Cloud project id). Logos are downloaded and inlined as data URIs so
// the frame never loads images from a third party; a wallet without a logo keeps a monogram.
//
//   WC_PROJECT_ID=… npx tsx apps/api/scripts/refresh-wallets.ts [--entries 40]
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type RegistryWallet, WalletRegistryFile } from '@walletframe/protocol/walletRegistry'
import { z } from 'zod'
import { monogram } from './monogram.js'

const explorer = 'https://explorer-api.walletconnect.com'
const registryPath = fileURLToPath(
  new URL('../../../packages/protocol/src/walletRegistry/registry.json', import.meta.url),
)

// Only the fields this script uses; the explorer sends many more.
const Listing = z.object({
  id: z.string(),
  name: z.string(),
  homepage: z.string().nullish(),
  rdns: z.string().nullish(),
  chains: z.array(z.string()).default([]),
  mobile: z.object({ native: z.string().nullish(), universal: z.string().nullish() }).partial().nullish(),
  image_url: z.object({ md: z.string().nullish() }).partial().nullish(),
})
const ListingsPage = z.object({ listings: z.record(z.string(), Listing) })

class RefreshError extends Error {
  override name = 'RefreshError'
  readonly code = 'REFRESH_FAILED'
}

async function inlineImage(url: string | null | undefined, name: string): Promise<string> {
  if (!url) return monogram(name)
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
    const type = response.headers.get('content-type') ?? ''
    if (!response.ok || !type.startsWith('image/')) return monogram(name)
    return `data:${type};base64,${Buffer.from(await response.arrayBuffer()).toString('base64')}`
  } catch {
    return monogram(name)
  }
}

const isCaip2 = (chain: string) => /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(chain)
const optionalUrl = (value: string | null | undefined) =>
  value && z.url().safeParse(value).success ? value : undefined

async function main() {
  const { values } = parseArgs({ options: { entries: { type: 'string', default: '40' } } })
  const projectId = process.env.WC_PROJECT_ID
  if (!projectId) throw new RefreshError('Set WC_PROJECT_ID to a WalletConnect Cloud project id')
  const url = `${explorer}/v3/wallets?projectId=${encodeURIComponent(projectId)}&entries=${values.entries}&page=1`
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
  if (!response.ok) throw new RefreshError(`The explorer answered HTTP ${response.status}`)
  const page = ListingsPage.parse(await response.json())

  // Keep hand-curated fields (rdns, links) of wallets the explorer leaves blank.
  const previous = WalletRegistryFile.parse(JSON.parse(await readFile(registryPath, 'utf8')))
  const byName = new Map(previous.wallets.map((wallet) => [wallet.name.toLowerCase(), wallet]))
  const wallets: RegistryWallet[] = []
  for (const listing of Object.values(page.listings)) {
    const known = byName.get(listing.name.toLowerCase())
    const mobileLink = listing.mobile?.native || known?.mobileLink
    const universalLink = optionalUrl(listing.mobile?.universal) ?? known?.universalLink
    if (!mobileLink && !universalLink) continue // nothing to open on a phone
    const homepage = optionalUrl(listing.homepage) ?? known?.homepage
    const rdns = listing.rdns ?? known?.rdns
    wallets.push({
      id: known?.id ?? listing.id,
      name: listing.name,
      ...(rdns ? { rdns } : {}),
      imageUrl: await inlineImage(listing.image_url?.md, listing.name),
      ...(mobileLink ? { mobileLink } : {}),
      ...(universalLink ? { universalLink } : {}),
      ...(homepage ? { homepage } : {}),
      chains: listing.chains.filter(isCaip2) as RegistryWallet['chains'],
    })
  }
  const file = WalletRegistryFile.parse({
    version: 1,
    updatedAt: new Date().toISOString().slice(0, 10),
    wallets,
  })
  await writeFile(registryPath, `${JSON.stringify(file, null, 2)}\n`)
  process.stdout.write(`Wrote ${wallets.length} wallets to ${registryPath}\n`)
}

main().catch((error: Error) => {
  process.stderr.write(`refresh-wallets: ${error.message}\n`)
  process.exitCode = 1
})
