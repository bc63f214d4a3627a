// Account's "Download recovery kit" for the embedded wallet: the recovery password entered again, the
// Worker verifies it and seals the wallet's secret under it, and the kit is offered as a file. A wallet
// its passkey alone protects (no password) makes its kit with a touch of that passkey instead, sealed
// under a kit secret the view shows once for the user to write down. The save
// is a link the user clicks once the kit is ready: Chromium lets a cross-site iframe download only with
// a user activation, which the seconds of key stretching before it would outlast.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { useStore } from '../../components/useStore.js'
import { messageOf } from '../../lib/errors.js'
import * as RecoveryKitFile from '../../lib/recoveryKitFile.js'

export function RecoveryKit() {
  const { core } = useFrame()
  const connection = useStore(core.connection)
  const [open, setOpen] = useState(false)
  if (connection.status !== 'connected' || !connection.connector?.embeddedWalletInfo) return null
  if (!open)
    return (
      <button
        type="button"
        className="wf-list-item"
        data-testid="wf-account-recovery-kit"
        onClick={() => setOpen(true)}
      >
        <span>Download recovery kit</span>
      </button>
    )
  return <KitWithPasswordOrPasskey onClose={() => setOpen(false)} />
}

/** The password form, or the passkey's touch where the wallet has no recovery password. */
function KitWithPasswordOrPasskey({ onClose }: { onClose(): void }) {
  const frame = useFrame()
  const [passwordSet, setPasswordSet] = useState<boolean | undefined>(undefined)
  useEffect(() => {
    let live = true
    void frame.embedded().then((embedded) => {
      if (live) setPasswordSet(embedded.hasRecoveryPassword())
    })
    return () => {
      live = false
    }
  }, [frame])
  if (passwordSet === undefined) return null
  return passwordSet ? <KitForm onClose={onClose} /> : <PasskeyKit onClose={onClose} />
}

/** The kit of a wallet its passkey protects: one touch, then the file and its kit secret. */
function PasskeyKit({ onClose }: { onClose(): void }) {
  const frame = useFrame()
  const kit = useMutation({
    mutationFn: async () => {
      const made = await (await frame.embedded()).recoveryKitWithPasskey()
      return { file: RecoveryKitFile.create(made.kit), kitSecret: made.kitSecret }
    },
  })
  const file = kit.data?.file
  useEffect(() => (file ? () => file.revoke() : undefined), [file])
  return (
    <section className="wf-stack" data-testid="wf-recovery-kit" aria-label="Recovery kit">
      <h3>Recovery kit</h3>
      <p className="wf-muted">
        Your passkey protects this wallet; it has no recovery password. The kit is encrypted with a kit secret
        your passkey makes: write it down and keep it apart from the file. With both, the walletframe-recover
        command rebuilds the wallet on your computer without the passkey or any Walletframe server. Your
        passkey shows the same secret again for every kit.
      </p>
      {kit.data && file ? (
        <>
          <p className="wf-muted">Kit secret (write it down; it is not in the file):</p>
          <code data-testid="wf-recovery-kit-secret">{kit.data.kitSecret}</code>
          <a className="wf-button" data-testid="wf-recovery-kit-save" href={file.url} download={file.name}>
            Save {file.name}
          </a>
          <button type="button" className="wf-button wf-button-secondary" onClick={onClose}>
            Done
          </button>
        </>
      ) : (
        <>
          {kit.isError ? (
            <span role="alert" data-testid="wf-recovery-kit-error">
              {messageOf(kit.error)}
            </span>
          ) : null}
          <button
            type="button"
            className="wf-button"
            data-testid="wf-recovery-kit-passkey"
            disabled={kit.isPending}
            aria-busy={kit.isPending}
            onClick={() => kit.mutate()}
          >
            {kit.isPending ? 'Encrypting…' : 'Make recovery kit with passkey'}
          </button>
          <button type="button" className="wf-button wf-button-secondary" onClick={onClose}>
            Cancel
          </button>
        </>
      )}
    </section>
  )
}

function KitForm({ onClose }: { onClose(): void }) {
  const frame = useFrame()
  const [password, setPassword] = useState('')
  const kit = useMutation({
    mutationFn: async (entered: string) =>
      RecoveryKitFile.create(await (await frame.embedded()).recoveryKit(entered)),
  })
  const file = kit.data
  // The URL lives as long as the offer: a new kit or leaving the view lets the Blob go.
  useEffect(() => (file ? () => file.revoke() : undefined), [file])
  return (
    <section className="wf-stack" data-testid="wf-recovery-kit" aria-label="Recovery kit">
      <h3>Recovery kit</h3>
      <p className="wf-muted">
        A file with this wallet’s secret, encrypted with your recovery password. With the file and the
        password, the walletframe-recover command rebuilds the wallet on your computer without any Walletframe
        server. Keep both safe: either alone opens nothing, together they open everything.
      </p>
      {file ? (
        <>
          <a className="wf-button" data-testid="wf-recovery-kit-save" href={file.url} download={file.name}>
            Save {file.name}
          </a>
          <button type="button" className="wf-button wf-button-secondary" onClick={onClose}>
            Done
          </button>
        </>
      ) : (
        <form
          className="wf-stack"
          onSubmit={(event) => {
            event.preventDefault()
            kit.mutate(password)
          }}
        >
          <input
            className="wf-input"
            type="password"
            autoComplete="current-password"
            aria-label="Recovery password"
            data-testid="wf-recovery-kit-password"
            minLength={8}
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {kit.isError ? (
            <span role="alert" data-testid="wf-recovery-kit-error">
              {messageOf(kit.error)}
            </span>
          ) : null}
          <button
            type="submit"
            className="wf-button"
            data-testid="wf-recovery-kit-submit"
            disabled={kit.isPending}
            aria-busy={kit.isPending}
          >
            {kit.isPending ? 'Encrypting…' : 'Make recovery kit'}
          </button>
          <button type="button" className="wf-button wf-button-secondary" onClick={onClose}>
            Cancel
          </button>
        </form>
      )}
    </section>
  )
}
