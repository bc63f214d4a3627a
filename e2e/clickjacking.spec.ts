// Clickjacking (issue 13): the frame does not let a signature be approved while the host page covers,
// fades or transforms it (IntersectionObserver v2 in Chromium): the approve button is disabled with a
// note while it is, and works again once the frame is seen as drawn.
import { evmAccount } from '@walletframe/devstack'
import { test as apiTest, expect } from './lib/api.js'
import { injectBrowserWallet } from './lib/browserWallet.js'
import { rpcUrlsOf } from './lib/chains.js'

const holder = evmAccount(3)

apiTest(
  'approving a sign-in waits while the host overlays, fades or transforms the frame',
  async ({ page, stack, chains, modal }) => {
    await injectBrowserWallet(page, {
      privateKey: holder.privateKey as `0x${string}`,
      rpcUrls: rpcUrlsOf(chains),
      chainId: 1,
    })
    await page.goto(`${stack.demoUrl()}?siwx=optional`)
    await page.getByTestId('open').click()
    await modal.getByTestId('wf-wallet-org.walletframe.testwallet').click()
    const guarded = modal.getByTestId('wf-guarded')
    const sign = modal.getByTestId('wf-siwx-sign')
    await expect(guarded).toHaveAttribute('data-visibility', 'visible')
    await expect(sign).toBeEnabled()

    const attacks = {
      'an overlay above the frame': () => {
        const cover = document.createElement('div')
        cover.id = 'cover'
        cover.style.cssText =
          'position:fixed;inset:0;z-index:2147483647;opacity:0.05;pointer-events:none;background:#fff'
        document.body.append(cover)
        return () => cover.remove()
      },
      'a faded frame': () => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Walletframe"]')!
        frame.style.opacity = '0.1'
        return () => frame.style.removeProperty('opacity')
      },
      // Shrunk, so its words are too small to read: a larger frame hides nothing, and the browser
      // counts a proportional enlargement as drawn whatever the layout.
      'a scaled frame': () => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Walletframe"]')!
        frame.style.transform = 'scale(0.5)'
        return () => frame.style.removeProperty('transform')
      },
    }
    for (const [name, attack] of Object.entries(attacks)) {
      await page.evaluate(`window.__undo = (${attack.toString()})()`)
      await expect(guarded, name).toHaveAttribute('data-visibility', 'obscured')
      await expect(sign, name).toBeDisabled()
      await expect(modal.getByTestId('wf-obscured'), name).toBeVisible()
      await page.evaluate('window.__undo()')
      await expect(guarded, name).toHaveAttribute('data-visibility', 'visible')
      await expect(sign, name).toBeEnabled()
    }
    // Seen as drawn again: the sign-in goes through.
    await sign.click()
    await expect(page.getByTestId('siwx-session')).toHaveText(holder.address)
  },
)
