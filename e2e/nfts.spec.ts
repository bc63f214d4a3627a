// The NFTs tab on real chain data: the API finds the tokens an account holds on the devnet, the frame
// shows their names and images, and they are what viem reads from the chain (ownerOf, tokenURI). The
// fixtures' spam airdrop, which the chain also says the account holds, is not among them.
import type { FrameLocator, Page } from '@playwright/test'
import { evmAccount, nftHolders, spamNftHolders } from '@walletframe/devstack'
import { createPublicClient, erc721Abi, getAddress, http } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { expect, test } from './lib/api.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'

async function openNfts(page: Page, modal: FrameLocator) {
  await connectBrowserWallet(page, modal, { thenOpen: 'Account' })
  await modal.getByTestId('wf-tab-NFTs').click()
}

test.describe('with the account the fixtures gave listed NFTs and a spam airdrop', () => {
  const holder = evmAccount(spamNftHolders[0])

  test.beforeEach(async ({ page, chains }) => {
    await injectBrowserWallet(page, {
      privateKey: holder.privateKey as `0x${string}`,
      rpcUrls: rpcUrlsOf(chains),
      chainId: 1,
    })
  })

  test('NFTs shows the tokens it holds with their names and images, and hides the spam one', async ({
    demo,
    modal,
    chains,
    api,
  }) => {
    const network = chains.networks.find((candidate) => candidate.caipNetworkId === 'eip155:1')!
    const client = createPublicClient({ transport: http(network.rpcUrls.default.http[0]) })
    const owner = getAddress(holder.address)
    const listed = getAddress(network.nfts[0]!.address)
    const spam = getAddress(network.contracts.spamNft!)

    // What the chain says: the listed tokens the account owns, and their metadata.
    const expected: { contract: string; tokenId: string; name: string; image: string }[] = []
    for (const tokenId of nftHolders.keys()) {
      const args = [BigInt(tokenId)] as const
      if (
        (await client.readContract({ address: listed, abi: erc721Abi, functionName: 'ownerOf', args })) !==
        owner
      )
        continue
      const uri = await client.readContract({
        address: listed,
        abi: erc721Abi,
        functionName: 'tokenURI',
        args,
      })
      const metadata = (await (await fetch(uri)).json()) as { name: string; image: string }
      expected.push({
        contract: `eip155:1:${listed}`,
        tokenId: String(tokenId),
        name: metadata.name,
        image: metadata.image,
      })
    }
    expect(expected.length).toBeGreaterThan(0)
    expect(
      await client.readContract({ address: spam, abi: erc721Abi, functionName: 'ownerOf', args: [0n] }),
    ).toBe(owner)

    // The API finds candidates through its indexer, which follows the devnet a few blocks behind the
    // head: let it pass the fixtures' mints before the frame asks (it then keeps the answer 30 s).
    const head = Number(await client.getBlockNumber())
    await api.app.indexer.waitFor('eip155:1', head - api.app.app.deps.config.options.reorgSafeDepth)

    await openNfts(demo, modal)
    const cards = modal.getByTestId('wf-nft')
    await expect(cards).toHaveCount(expected.length)
    const shown = await cards.evaluateAll((items) =>
      items.map((item) => {
        const image = item.querySelector('img')
        return {
          contract: item.getAttribute('data-contract'),
          tokenId: item.getAttribute('data-token-id'),
          name: item.querySelector('[data-testid="wf-nft-name"]')?.textContent,
          image: image?.getAttribute('src'),
          alt: image?.getAttribute('alt'),
        }
      }),
    )
    const byToken = (a: { tokenId: string | null }, b: { tokenId: string | null }) =>
      Number(a.tokenId) - Number(b.tokenId)
    expect(shown.sort(byToken)).toEqual(expected.map((nft) => ({ ...nft, alt: nft.name })).sort(byToken))
    expect(shown.some((card) => card.contract?.endsWith(spam))).toBe(false)
    // The images come from the metadata server and the frame's policy lets them load.
    await expect
      .poll(() =>
        cards
          .locator('img')
          .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth)),
      )
      .toEqual(expected.map(() => 512))
  })
})

test.describe('with an account that holds no NFTs', () => {
  test.beforeEach(async ({ page, chains }) => {
    await injectBrowserWallet(page, {
      privateKey: generatePrivateKey(),
      rpcUrls: rpcUrlsOf(chains),
      chainId: 1,
    })
  })

  test('NFTs says there are none', async ({ demo, modal }) => {
    await openNfts(demo, modal)
    await expect(modal.getByTestId('wf-nfts-empty')).toHaveText('No NFTs on this network yet.')
    await expect(modal.getByTestId('wf-nft')).toHaveCount(0)
  })
})
