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
import { useViewMessages } from '../../components/useViewMessages.js'
import { messageOf } from '../../lib/errors.js'
import * as RecoveryKitFile from '../../lib/recoveryKitFile.js'
import { localizeText } from '../../locale/en/errors.js'
import { PasswordForm } from './PasswordForm.js'

export function RecoveryKit() {
  const { core } = useFrame()
  const connection = useStore(core.connection)
  const [open, setOpen] = useState(false)
  const messages = useViewMessages().security.recoveryKit
  if (connection.status !== 'connected' || !connection.connector?.embeddedWalletInfo) return null
  if (!open)
    return (
      <button
        type="button"
        className="wf-list-item"
        data-testid="wf-account-recovery-kit"
        onClick={() => setOpen(true)}
      >
        <span>{messages.download}</span>
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
  const messages = useViewMessages()
  const words = messages.security.recoveryKit
  const kit = useMutation({
    mutationFn: async () => {
      const made = await (await frame.embedded()).recoveryKitWithPasskey()
      return { file: RecoveryKitFile.create(made.kit), kitSecret: made.kitSecret }
    },
  })
  const file = kit.data?.file
  useEffect(() => (file ? () => file.revoke() : undefined), [file])
  return (
    <section className="wf-stack" data-testid="wf-recovery-kit" aria-label={words.title}>
      <h3>{words.title}</h3>
      <p className="wf-muted">{words.passkeyIntro}</p>
      {kit.data && file ? (
        <>
          <p className="wf-muted">{words.secret}</p>
          <code data-testid="wf-recovery-kit-secret">{kit.data.kitSecret}</code>
          <a className="wf-button" data-testid="wf-recovery-kit-save" href={file.url} download={file.name}>
            {words.save(file.name)}
          </a>
          <button type="button" className="wf-button wf-button-secondary" onClick={onClose}>
            {words.done}
          </button>
        </>
      ) : (
        <>
          {kit.isError ? (
            <span role="alert" data-testid="wf-recovery-kit-error">
              {localizeText(messageOf(kit.error), messages.errors)}
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
            {kit.isPending ? words.encrypting : words.makeWithPasskey}
          </button>
          <button type="button" className="wf-button wf-button-secondary" onClick={onClose}>
            {words.cancel}
          </button>
        </>
      )}
    </section>
  )
}

function KitForm({ onClose }: { onClose(): void }) {
  const frame = useFrame()
  const messages = useViewMessages()
  const words = messages.security.recoveryKit
  const kit = useMutation({
    mutationFn: async (entered: string) =>
      RecoveryKitFile.create(await (await frame.embedded()).recoveryKit(entered)),
  })
  const file = kit.data
  // The URL lives as long as the offer: a new kit or leaving the view lets the Blob go.
  useEffect(() => (file ? () => file.revoke() : undefined), [file])
  return (
    <section className="wf-stack" data-testid="wf-recovery-kit" aria-label={words.title}>
      <h3>{words.title}</h3>
      <p className="wf-muted">{words.passwordIntro}</p>
      {file ? (
        <>
          <a className="wf-button" data-testid="wf-recovery-kit-save" href={file.url} download={file.name}>
            {words.save(file.name)}
          </a>
          <button type="button" className="wf-button wf-button-secondary" onClick={onClose}>
            {words.done}
          </button>
        </>
      ) : (
        <PasswordForm
          testIds={{
            input: 'wf-recovery-kit-password',
            error: 'wf-recovery-kit-error',
            submit: 'wf-recovery-kit-submit',
          }}
          label={words.password}
          autoComplete="current-password"
          words={{ submit: words.make, pending: words.encrypting, cancel: words.cancel }}
          pending={kit.isPending}
          error={kit.error}
          onSubmit={(password) => kit.mutate(password)}
          onCancel={onClose}
        />
      )}
    </section>
  )
}
