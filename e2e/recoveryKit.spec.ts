// The recovery kit, end to end in the blocked regime (the frame a third-party iframe without storage):
// an email login makes an embedded wallet with EVM and Solana accounts; Account's "Download recovery
// kit" takes the recovery password again, and the kit downloads from the cross-site iframe with the
// user's click. The offline command, run here in the test process with no server to ask, opens the kit
// with that password and prints the same addresses the frame shows; another password opens nothing.
// "Show recovery phrase" then shows, in a window on the frame origin after the password, the phrase the
// command reveals from the kit. The offline rebuild: a wallet made against an API of the test's own,
// whose kit the command opens to the same addresses once that API and its database are stopped. A
// wallet its PRF passkey alone protects (no password) makes its kit with a touch, under the kit secret
// the view shows; the command opens it with that secret, the API stopped too.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FrameLocator, Page } from '@playwright/test'
import { expectAccessible } from './lib/a11y.js'
import { test as apiTest, startE2eApi } from './lib/api.js'
import { hostState, loginByEmail, openDemo, password } from './lib/emailLogin.js'
import { expect } from './lib/fixtures.js'
import { authenticator } from './lib/virtualAuthenticator.js'

const test = apiTest
// The Solana devnet joins the host's networks: the wallet shows a Solana account beside the EVM one.
test.use({ withSolana: true })

const command = fileURLToPath(new URL('../packages/recover/bin/walletframe-recover.js', import.meta.url))

/** Runs walletframe-recover on `kit` with the password in a file; answers its exit code and output. */
function recover(kit: string, passwordFile: string, ...flags: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [command, kit, '--password-file', passwordFile, ...flags], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * Account: the addresses the frame shows (EVM in the view, Solana as reported to the host), a wrong
 * password refused, then the kit made with the right one and saved from the iframe into `dir`.
 */
async function downloadKit(page: Page, modal: FrameLocator, dir: string) {
  // What the frame shows: the Account view's EVM address, and the Solana account it reported.
  await page.getByTestId('open').click()
  const evm = (await modal.getByTestId('wf-account-address').getAttribute('title')) as string
  expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await expect(page.getByTestId('state-address')).toHaveText(evm)
  const state = (await hostState(page)) as { allAccounts: { namespace: string; address: string }[] }
  const solana = state.allAccounts.find((account) => account.namespace === 'solana')?.address as string
  expect(solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)

  // A wrong password is refused before any kit is made.
  await modal.getByTestId('wf-account-recovery-kit').click()
  await modal.getByTestId('wf-recovery-kit-password').fill('not the recovery password')
  await modal.getByTestId('wf-recovery-kit-submit').click()
  await expect(modal.getByTestId('wf-recovery-kit-error')).toHaveText(
    'The recovery password is not correct; try again',
  )
  await expect(modal.getByTestId('wf-recovery-kit-save')).toHaveCount(0)

  await modal.getByTestId('wf-recovery-kit-password').fill(password)
  await modal.getByTestId('wf-recovery-kit-submit').click()
  const save = modal.getByTestId('wf-recovery-kit-save')
  await expect(save).toBeVisible({ timeout: 30_000 })
  await expectAccessible(page, 'Account / Recovery kit')
  const downloading = page.waitForEvent('download')
  await save.click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`walletframe-recovery-kit-${evm.slice(0, 10).toLowerCase()}.json`)
  const kitFile = join(dir, download.suggestedFilename())
  await download.saveAs(kitFile)
  const kit = JSON.parse(await readFile(kitFile, 'utf8'))
  expect(kit).toMatchObject({ type: 'walletframe-recovery-kit', version: 1, kdf: { iterations: 600_000 } })

  return { evm, solana, kitFile }
}

test('recovery kit: downloaded from the Account view, opened offline by walletframe-recover to the same addresses; the phrase shown in a window on the frame origin', async ({
  page,
  stack,
  chains,
}) => {
  const mailUrl = chains.services.mail as string
  const email = `kit-${Date.now()}@example.test`
  const dir = await mkdtemp(join(tmpdir(), 'walletframe-kit-'))
  try {
    const { modal } = await loginByEmail(page, { demoUrl: stack.demoUrl(), mailUrl }, email)

    const { evm, solana, kitFile } = await downloadKit(page, modal, dir)
    const passwordFile = join(dir, 'password')
    await writeFile(passwordFile, `${password}\n`)
    const opened = await recover(kitFile, passwordFile)
    expect(opened.stderr).toBe('')
    expect(opened.code).toBe(0)
    expect(/EVM address +(\S+)/.exec(opened.stdout)?.[1]).toBe(evm)
    expect(/Solana address +(\S+)/.exec(opened.stdout)?.[1]).toBe(solana)

    const wrongFile = join(dir, 'wrong')
    await writeFile(wrongFile, 'not the recovery password\n')
    const refused = await recover(kitFile, wrongFile)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^WRONG_KIT_PASSWORD: /)
    expect(refused.stdout).toBe('')

    // "Show recovery phrase": a window on the frame origin, where the password is asked again and the
    // phrase shows; the same phrase the command reveals from the kit, and nowhere in the iframe.
    const revealed = await recover(kitFile, passwordFile, '--reveal')
    expect(revealed.code).toBe(0)
    const phrase = /Recovery phrase +(.+)/.exec(revealed.stdout)?.[1] as string
    expect(phrase.split(' ')).toHaveLength(12)
    const opening = page.waitForEvent('popup')
    await modal.getByTestId('wf-account-recovery-phrase').click()
    const exportWindow = await opening
    expect(new URL(exportWindow.url()).origin).toBe(stack.frame.origin)
    expect(new URL(exportWindow.url()).pathname).toBe('/export')
    await exportWindow.getByTestId('wf-export-password').fill('not the recovery password')
    await exportWindow.getByTestId('wf-export-submit').click()
    await expect(exportWindow.getByTestId('wf-export-error')).toHaveText(
      'The recovery password is not correct; try again',
    )
    await exportWindow.getByTestId('wf-export-password').fill(password)
    await exportWindow.getByTestId('wf-export-submit').click()
    await expect(exportWindow.getByTestId('wf-export-phrase').getByRole('listitem')).toHaveText(
      phrase.split(' '),
      {
        timeout: 30_000,
      },
    )
    await expectAccessible(exportWindow, 'Recovery phrase window')
    await expect(exportWindow.getByTestId('wf-export-evm-key')).toHaveText(
      /EVM private key +(0x[0-9a-f]{64})/.exec(revealed.stdout)?.[1] as string,
    )
    await expect(modal.getByTestId('wf-export-phrase')).toHaveCount(0)
    expect(await modal.locator('body').textContent()).not.toContain(phrase)
    expect(await page.content()).not.toContain(phrase)
    await exportWindow.close()
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('offline rebuild: with the API and its database stopped, walletframe-recover rebuilds the same addresses from the kit', async ({
  page,
  stack,
  chains,
  api,
}) => {
  // An API of this test's own (its database in memory inside it): stopping it leaves the worker's
  // shared API to the other tests.
  const own = await startE2eApi(stack, chains, { emailCooldownSeconds: 30 })
  stack.setApiUrl(own.url, own.passKey)
  let stopped = false
  const dir = await mkdtemp(join(tmpdir(), 'walletframe-offline-'))
  try {
    const email = `offline-${Date.now()}@example.test`
    const { modal } = await loginByEmail(
      page,
      { demoUrl: stack.demoUrl(), mailUrl: chains.services.mail as string },
      email,
    )
    const { evm, solana, kitFile } = await downloadKit(page, modal, dir)

    await own.app.stop()
    stopped = true
    // Nothing answers where the API and its database were.
    await expect(fetch(`${own.url}/health`)).rejects.toThrow()

    const passwordFile = join(dir, 'password')
    await writeFile(passwordFile, `${password}\n`)
    const rebuilt = await recover(kitFile, passwordFile)
    expect(rebuilt.stderr).toBe('')
    expect(rebuilt.code).toBe(0)
    expect(/EVM address +(\S+)/.exec(rebuilt.stdout)?.[1]).toBe(evm)
    expect(/Solana address +(\S+)/.exec(rebuilt.stdout)?.[1]).toBe(solana)
  } finally {
    stack.setApiUrl(api.url, api.passKey)
    if (!stopped) await own.app.stop()
    await rm(dir, { recursive: true, force: true })
  }
})

test('passkey wallet: the kit made with a touch opens offline with the kit secret shown, the API stopped', async ({
  page,
  stack,
  chains,
  api,
}) => {
  test.setTimeout(120_000)
  const own = await startE2eApi(stack, chains, { emailCooldownSeconds: 30 })
  stack.setApiUrl(own.url, own.passKey)
  let stopped = false
  const dir = await mkdtemp(join(tmpdir(), 'walletframe-passkey-kit-'))
  try {
    await authenticator(page.context(), page, { hasPrf: true })
    const modal = await openDemo(page, stack.demoUrl())
    await modal.getByTestId('wf-passkey-create').click()
    await expect(page.getByTestId('state-status')).toHaveText('connected', { timeout: 30_000 })
    // No password was ever asked for this wallet.
    await expect(modal.getByTestId('wf-recovery-password')).toHaveCount(0)
    await page.getByTestId('open').click()
    const evm = (await modal.getByTestId('wf-account-address').getAttribute('title')) as string
    const state = (await hostState(page)) as { allAccounts: { namespace: string; address: string }[] }
    const solana = state.allAccounts.find((account) => account.namespace === 'solana')?.address as string

    // The kit view asks for no password: a touch of the passkey, then the file and its kit secret.
    await modal.getByTestId('wf-account-recovery-kit').click()
    await expect(modal.getByTestId('wf-recovery-kit-password')).toHaveCount(0)
    await modal.getByTestId('wf-recovery-kit-passkey').click()
    const save = modal.getByTestId('wf-recovery-kit-save')
    await expect(save).toBeVisible({ timeout: 30_000 })
    const kitSecret = (await modal.getByTestId('wf-recovery-kit-secret').textContent()) as string
    expect(kitSecret).toMatch(/^([A-Z2-7]{4}-){7}[A-Z2-7]{4}$/)
    await expectAccessible(page, 'Account / Recovery kit with a passkey')
    const downloading = page.waitForEvent('download')
    await save.click()
    const kitFile = join(dir, (await downloading).suggestedFilename())
    await (await downloading).saveAs(kitFile)
    const kit = JSON.parse(await readFile(kitFile, 'utf8'))
    expect(kit).toMatchObject({ type: 'walletframe-recovery-kit', version: 1, protection: 'kit-secret' })
    expect(await readFile(kitFile, 'utf8')).not.toContain(kitSecret.replaceAll('-', ''))

    await own.app.stop()
    stopped = true
    await expect(fetch(`${own.url}/health`)).rejects.toThrow()

    // Written down in lower case and without its dashes, as a user may copy it.
    const secretFile = join(dir, 'kit-secret')
    await writeFile(secretFile, `${kitSecret.toLowerCase().replaceAll('-', ' ')}\n`)
    const rebuilt = await recover(kitFile, secretFile)
    expect(rebuilt.stderr).toBe('')
    expect(rebuilt.code).toBe(0)
    expect(/EVM address +(\S+)/.exec(rebuilt.stdout)?.[1]).toBe(evm)
    expect(/Solana address +(\S+)/.exec(rebuilt.stdout)?.[1]).toBe(solana)
    const wrongFile = join(dir, 'wrong')
    await writeFile(wrongFile, `${password}\n`)
    const refused = await recover(kitFile, wrongFile)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^WRONG_KIT_PASSWORD: The kit secret/)
  } finally {
    stack.setApiUrl(api.url, api.passKey)
    if (!stopped) await own.app.stop()
    await rm(dir, { recursive: true, force: true })
  }
})
