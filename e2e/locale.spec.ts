// The frame's languages, cross-site: the modal speaks the host's `locale`, else the browser's
// language, else English; Arabic lays out right to left; the host switches the language without a
// reload; a balance is written the language's way; axe finds nothing in Japanese or Arabic. With the
// API's balances and quotes, a send and a swap review in Japanese, every label and button its own. The
// email login's steps speak the host's language, and a window of the frame origin the language its
// address carries (the opener's), else the browser's; the social login's last page the one its tab
// was opened in, which the provider's return does not carry.
import type { FrameLocator, Page } from '@playwright/test'
import { evmAccount } from '@walletframe/devstack'
import { expectAccessible } from './lib/a11y.js'
import { test } from './lib/api.js'
import { connectBrowserWallet, injectBrowserWallet } from './lib/browserWallet.js'
import { expect, rpcUrlsOf } from './lib/chains.js'
import { codeOf, enterCode, nextMail } from './lib/emailLogin.js'
import { frameOf } from './lib/fixtures.js'

const holder = evmAccount(11)
/** The send's receiver: any other account. */
const receiver = evmAccount(12)

test.beforeEach(async ({ page, chains }) => {
  await injectBrowserWallet(page, {
    privateKey: holder.privateKey as `0x${string}`,
    rpcUrls: rpcUrlsOf(chains),
    chainId: 1,
  })
})

/** The modal's root, where the language and the direction are set. */
const root = (modal: FrameLocator) => modal.locator('.wf-root')

/** The host's `setLocale`, called from the page as a host's language picker would. */
function setLocale(page: Page, locale: string): Promise<unknown> {
  return page.evaluate(
    (tag) =>
      (window as unknown as { walletframe: { setLocale(locale: string): Promise<void> } }).walletframe
        .setLocale(tag)
        .then(
          () => 'ok',
          (error: { code: number }) => error.code,
        ),
    locale,
  )
}

/** Opens the demo page (with `?locale=` when given) and the modal on Connect, titled `title`. */
async function openConnect(page: Page, url: string, title: string): Promise<FrameLocator> {
  const modal = page.frameLocator('iframe[title="Walletframe"]')
  await page.goto(url)
  await page.getByTestId('open').click()
  await expect(modal.getByRole('dialog', { name: title })).toBeVisible()
  return modal
}

test.describe('with the host naming the language', () => {
  test('Japanese from the host: Connect, its chrome, and axe finds nothing', async ({ page, stack }) => {
    const modal = await openConnect(page, `${stack.demoUrl()}?locale=ja`, 'ウォレットを接続')
    await expect(root(modal)).toHaveAttribute('lang', 'ja')
    await expect(root(modal)).toHaveAttribute('dir', 'ltr')
    await expect(modal.getByRole('button', { name: '閉じる' })).toBeVisible()
    await expect(modal.getByTestId('wf-wallet-org.walletframe.testwallet')).toContainText('インストール済み')
    await expectAccessible(page, 'Connect in Japanese')
  })

  test('Arabic from the host: right to left, Account in Arabic, axe finds nothing', async ({
    page,
    stack,
  }) => {
    const modal = await openConnect(page, `${stack.demoUrl()}?locale=ar`, 'ربط المحفظة')
    await expect(root(modal)).toHaveAttribute('dir', 'rtl')
    await expect(root(modal)).toHaveAttribute('lang', 'ar')
    // The card's text starts on the right: the header's close button sits at the left end.
    const close = await modal.getByTestId('wf-close').boundingBox()
    const title = await modal.locator('#wf-title').boundingBox()
    expect(close && title && close.x < title.x).toBe(true)
    await expectAccessible(page, 'Connect in Arabic')
    await modal.getByTestId('wf-close').click()
    await expect(page.getByTestId('modal-open')).toHaveText('false')
    await connectBrowserWallet(page, modal, { thenOpen: 'Account' })
    await expect(modal.getByRole('tab', { name: 'النشاط' })).toBeVisible()
    await expect(modal.getByTestId('wf-disconnect')).toHaveText('قطع الاتصال')
    await expect(modal.getByTestId('wf-account-balance')).toHaveText(/ETH$/)
    await expectAccessible(page, 'Account in Arabic')
  })

  test('switching from the host re-renders in the new language without a reload', async ({ page, stack }) => {
    const modal = page.frameLocator('iframe[title="Walletframe"]')
    await page.goto(`${stack.demoUrl()}?locale=ja`)
    await connectBrowserWallet(page, modal, { thenOpen: 'Account' })
    await expect(modal.getByTestId('wf-tab-Activity')).toHaveText('アクティビティ')
    // A mark in the frame's window: a reload would lose it.
    await frameOf(page, stack).evaluate(() => Object.assign(window, { stillHere: true }))

    expect(await setLocale(page, 'de-AT')).toBe('ok')
    await expect(modal.getByTestId('wf-tab-Activity')).toHaveText('Aktivität')
    await expect(modal.getByRole('dialog', { name: 'Konto' })).toBeVisible()
    // German groups thousands with a dot and writes the decimal sign as a comma.
    await expect(modal.getByTestId('wf-account-balance')).toHaveText(/^\d{1,3}(\.\d{3})*(,\d{1,3})? ETH$/)

    expect(await setLocale(page, 'ar')).toBe('ok')
    await expect(root(modal)).toHaveAttribute('dir', 'rtl')
    await expect(modal.getByTestId('wf-tab-Activity')).toHaveText('النشاط')

    expect(await setLocale(page, 'en')).toBe('ok')
    await expect(root(modal)).toHaveAttribute('dir', 'ltr')
    await expect(modal.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(modal.getByTestId('wf-tab-Activity')).toHaveText('Activity')
    await expect(modal.getByTestId('wf-account-balance')).toHaveText(/^\d{1,3}(,\d{3})*(\.\d{1,3})? ETH$/)
    expect(await frameOf(page, stack).evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(
      true,
    )
  })

  test('the frame refuses a string that is not a language tag (-32602) and keeps its language', async ({
    page,
    stack,
  }) => {
    await page.goto(`${stack.demoUrl()}?locale=ko`)
    await expect(page.getByTestId('sdk-status')).toHaveText('ready')
    expect(await setLocale(page, 'ja_JP<script>')).toBe(-32602)
    expect(await setLocale(page, '')).toBe(-32602)
    await page.getByTestId('open').click()
    await expect(
      page.frameLocator('iframe[title="Walletframe"]').getByRole('dialog', { name: '지갑 연결' }),
    ).toBeVisible()
  })
})

for (const [browserLocale, title, dir] of [
  ['ja-JP', 'ウォレットを接続', 'ltr'],
  ['ar-EG', 'ربط المحفظة', 'rtl'],
  ['sv-SE', 'Connect Wallet', 'ltr'],
] as const)
  test.describe(`with no host locale, in a ${browserLocale} browser`, () => {
    test.use({ locale: browserLocale })

    test(`the modal speaks ${title}`, async ({ page, stack }) => {
      const modal = await openConnect(page, stack.demoUrl(), title)
      await expect(root(modal)).toHaveAttribute('dir', dir)
    })
  })

/** Opens the modal on `view` from the host, as its buttons would. */
function openView(page: Page, view: string): Promise<void> {
  return page.evaluate(
    (name) =>
      (
        window as unknown as { walletframe: { open(options: { view: string }): Promise<void> } }
      ).walletframe.open({
        view: name,
      }),
    view,
  )
}

test.describe('the transaction views, with the API', () => {
  test('a send and a swap review in Japanese: labels, fees and buttons in Japanese', async ({
    page,
    stack,
  }) => {
    const modal = page.frameLocator('iframe[title="Walletframe"]')
    await page.goto(`${stack.demoUrl()}?locale=ja`)
    await connectBrowserWallet(page, modal)
    await expect(page.getByTestId('modal-open')).toHaveText('false')

    await openView(page, 'WalletSend')
    await expect(modal.locator('#wf-title')).toHaveText('送金')
    await expect(modal.getByTestId('wf-send-balance')).toHaveText(/^残高：[\d,.]+ ETH$/)
    await modal.getByTestId('wf-send-amount').fill('0.001')
    await modal.getByTestId('wf-send-receiver').fill(receiver.address)
    await expect(modal.getByTestId('wf-send-fee')).toBeVisible()
    await expect(modal.locator('dt', { hasText: 'ネットワーク手数料' })).toBeVisible()
    await expect(modal.getByText('金額', { exact: true })).toBeVisible()
    await expect(modal.getByTestId('wf-send-submit')).toHaveText('送金')
    await expect(modal.getByTestId('wf-send-submit')).toBeEnabled()
    await expectAccessible(page, 'Send in Japanese')

    await openView(page, 'Swap')
    await expect(modal.locator('#wf-title')).toHaveText('スワップ')
    await modal.getByTestId('wf-swap-to-token').selectOption({ label: 'USDC' })
    await modal.getByTestId('wf-swap-amount').fill('0.01')
    await expect(modal.getByTestId('wf-swap-details')).toBeVisible()
    await expect(modal.getByTestId('wf-swap-review')).toHaveText('スワップ内容を確認')
    await modal.getByTestId('wf-swap-review').click()
    await expect(modal.locator('#wf-title')).toHaveText('スワップを確認')
    const details = modal.getByTestId('wf-swap-details')
    await expect(details.locator('dt', { hasText: '価格への影響' })).toBeVisible()
    await expect(details.locator('dt', { hasText: 'プロバイダー手数料（0.85%）' })).toBeVisible()
    await expect(details.locator('dt', { hasText: /^最低受取額（スリッページ[\d.]+%）$/ })).toBeVisible()
    await expect(modal.getByTestId('wf-swap-submit')).toHaveText('スワップ', { timeout: 20_000 })
    await expectAccessible(page, 'Swap review in Japanese')
  })
})

test.describe('the login and the frame origin’s windows', () => {
  test('the email login’s code and recovery password in Japanese from the host', async ({
    page,
    stack,
    chains,
  }) => {
    const email = `locale-${Date.now()}@example.test`
    const modal = await openConnect(page, `${stack.demoUrl()}?locale=ja`, 'ウォレットを接続')
    await modal.getByTestId('wf-email-input').fill(email)
    await modal.getByTestId('wf-email-submit').click()
    const mail = await nextMail(chains.services.mail as string, email, 0)
    await expect(modal.getByTestId('wf-email-code')).toContainText(
      `${email} に送信した6桁のコードを入力してください。`,
    )
    await expect(modal.getByTestId('wf-email-code-submit')).toHaveText('続ける')
    await expect(modal.getByRole('textbox', { name: 'コード', exact: true })).toBeVisible()
    await expectAccessible(page, 'Email code in Japanese')
    await enterCode(modal, codeOf(mail))
    await expect(modal.getByTestId('wf-recovery-password')).toContainText(
      'リカバリーパスワードを決めてください',
    )
    await expect(modal.getByTestId('wf-recovery-password-submit')).toHaveText('ウォレットを作成')
  })

  test('a window of the frame origin speaks the language its address carries, Arabic right to left', async ({
    page,
    stack,
  }) => {
    await page.goto(`${stack.frame.origin}/export?locale=ar`)
    await expect(page.getByRole('alert')).toHaveText(
      'لم تفتح المحفظة هذه النافذة: ارجع إلى التطبيق وابدأ من هناك',
    )
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  })

  test('the social login’s last page keeps the language its tab was opened in, though the provider drops ?locale=', async ({
    page,
    stack,
  }) => {
    // The popup's first page carries the frame's language; the provider sends the tab back to
    // /auth/callback without it.
    await page.goto(`${stack.frame.origin}/auth/social?locale=de`)
    // It has read its address once it speaks: in a real login it waits there for the frame's message.
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await page.goto(`${stack.frame.origin}/auth/callback`)
    await expect(
      page.getByText('Diese Seite schließt eine Anmeldung ab, die in der Wallet begonnen wurde.'),
    ).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test.describe('without one, in a ja-JP browser', () => {
    test.use({ locale: 'ja-JP' })

    test('the device approval link’s page speaks Japanese', async ({ page, stack }) => {
      await page.goto(`${stack.frame.origin}/verify?projectId=p1&token=t1`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('このデバイスを承認しますか？')
      await expect(page.getByTestId('wf-verify-approve')).toHaveText('デバイスを承認')
      await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
    })
  })
})
