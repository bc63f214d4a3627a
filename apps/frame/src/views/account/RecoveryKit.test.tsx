// @vitest-environment jsdom
// Account's "Download recovery kit": nothing for a wallet that is not embedded; for an embedded one,
// the password entered again, a wrong one refused with the wallet's message, a right one offered as a
// file to save (a Blob URL with a download name) that holds the kit.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { RecoveryKit as KitSchema } from '@walletframe/protocol'
import * as Kit from '@walletframe/recover/kit'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FrameContext } from '../../app/context.js'
import type { Frame } from '../../app/Frame.js'
import * as LocaleState from '../../core/locale.js'
import * as Store from '../../lib/store.js'
import { loadViews } from '../../locale/catalogs.js'
import { RecoveryKit } from './RecoveryKit.js'

const password = 'correct horse battery'
const blobs = new Map<string, Blob>()

beforeEach(() => {
  // jsdom has no object URLs: these keep the Blob where the test can read it back.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:frame/${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  }
  URL.revokeObjectURL = (url: string) => {
    blobs.delete(url)
  }
})
// The catalog in before the view renders, as it is once the frame has loaded it.
beforeAll(() => loadViews('en'))
afterEach(() => {
  cleanup()
  blobs.clear()
})

// Sealed once: the key stretching is the Worker's time, not what this view's tests are about.
const sealed = await Kit.seal({ entropy: new Uint8Array(16), password, iterations: 100_000 })

/** The wallet's answer as the Worker gives it: a kit for the right password, its error for another. */
async function recoveryKit(entered: string) {
  if (entered !== password) throw new Error('The recovery password is not correct; try again')
  return sealed
}

/** jsdom's Blob has no text(): its FileReader reads it. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })

/** A wallet its passkey alone protects: the kit with a touch, and the kit secret it is sealed under. */
const kitSecret = 'ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23-4567'
const passkeyKit = await Kit.seal({
  entropy: new Uint8Array(16),
  password: kitSecret,
  protection: 'kit-secret',
  iterations: 100_000,
})

async function show(embeddedWalletInfo: object | undefined, passwordSet = true) {
  const connection = Store.create({ status: 'connected', connector: { embeddedWalletInfo } })
  const embedded = {
    recoveryKit,
    hasRecoveryPassword: () => passwordSet,
    recoveryKitWithPasskey: async () => ({ kit: passkeyKit, kitSecret }),
  }
  const frame = {
    core: { connection, locale: LocaleState.create() },
    embedded: async () => embedded,
  } as unknown as Frame
  await act(async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FrameContext value={frame}>
          <RecoveryKit />
        </FrameContext>
      </QueryClientProvider>,
    )
  })
}

async function submit(entered: string) {
  fireEvent.change(await screen.findByTestId('wf-recovery-kit-password'), { target: { value: entered } })
  fireEvent.click(screen.getByTestId('wf-recovery-kit-submit'))
}

describe('RecoveryKit', () => {
  it('shows nothing for a wallet that is not embedded', async () => {
    await show(undefined)
    expect(screen.queryByTestId('wf-account-recovery-kit')).toBeNull()
  })

  it('refuses a wrong password with the wallet’s message, then offers the kit to save', async () => {
    await show({ authProvider: 'email', accountType: 'eoa' })
    fireEvent.click(screen.getByTestId('wf-account-recovery-kit'))
    await submit('not the password')
    expect((await screen.findByTestId('wf-recovery-kit-error')).textContent).toBe(
      'The recovery password is not correct; try again',
    )
    expect(screen.queryByTestId('wf-recovery-kit-save')).toBeNull()
    await submit(password)
    const save = await screen.findByTestId('wf-recovery-kit-save')
    expect(save.getAttribute('download')).toBe('walletframe-recovery-kit-0x9858effd.json')
    const blob = blobs.get(save.getAttribute('href') as string) as Blob
    const kit = KitSchema.parse(JSON.parse(await textOf(blob)))
    expect((await Kit.open(kit, password)).keys.addresses.eip155).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    )
  })

  it('lets the Blob go once the kit is no longer offered', async () => {
    await show({ authProvider: 'email', accountType: 'eoa' })
    fireEvent.click(screen.getByTestId('wf-account-recovery-kit'))
    await submit(password)
    await screen.findByTestId('wf-recovery-kit-save')
    expect(blobs.size).toBe(1)
    fireEvent.click(screen.getByText('Done'))
    await waitFor(() => expect(blobs.size).toBe(0))
    expect(screen.getByTestId('wf-account-recovery-kit')).toBeDefined()
  })

  it('for a wallet its passkey protects: no password, a touch, then the file and its kit secret', async () => {
    await show({ authProvider: 'passkey', accountType: 'eoa' }, false)
    fireEvent.click(screen.getByTestId('wf-account-recovery-kit'))
    fireEvent.click(await screen.findByTestId('wf-recovery-kit-passkey'))
    expect(screen.queryByTestId('wf-recovery-kit-password')).toBeNull()
    const save = await screen.findByTestId('wf-recovery-kit-save')
    expect(screen.getByTestId('wf-recovery-kit-secret').textContent).toBe(kitSecret)
    const kit = KitSchema.parse(JSON.parse(await textOf(blobs.get(save.getAttribute('href') as string)!)))
    expect(kit.protection).toBe('kit-secret')
    expect((await Kit.open(kit, kitSecret)).keys.addresses.eip155).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    )
  })
})
