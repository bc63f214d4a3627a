// Account's "Add a recovery password", offered only for a wallet its passkey alone protects: the
// passkey opens the wallet on any device by itself, and a password is the way in for a device without
// it (or an email login). A touch of the passkey opens the recovery share in the Worker, which seals it
// under the password; the API stores that ciphertext and can open none of it.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import { messageOf } from '../../lib/errors.js'
import { localizeText } from '../../locale/en/errors.js'

export function AddRecoveryPassword() {
  const frame = useFrame()
  const [passwordSet, setPasswordSet] = useState(true)
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const messages = useViewMessages()
  const words = messages.security.addRecoveryPassword
  useEffect(() => {
    let live = true
    void frame.embedded().then((embedded) => {
      if (live) setPasswordSet(embedded.hasRecoveryPassword())
    })
    return () => {
      live = false
    }
  }, [frame])
  const add = useMutation({
    mutationFn: async (entered: string) => (await frame.embedded()).addRecoveryPassword(entered),
    onSuccess: () => setPasswordSet(true),
  })
  if (add.isSuccess)
    return (
      <p className="wf-muted" data-testid="wf-recovery-password-added">
        {words.added}
      </p>
    )
  if (passwordSet) return null
  if (!open)
    return (
      <button
        type="button"
        className="wf-list-item"
        data-testid="wf-account-add-recovery-password"
        onClick={() => setOpen(true)}
      >
        <span>{words.open}</span>
      </button>
    )
  return (
    <form
      className="wf-stack"
      data-testid="wf-add-recovery-password"
      onSubmit={(event) => {
        event.preventDefault()
        add.mutate(password)
      }}
    >
      <p className="wf-muted">{words.intro}</p>
      <input
        className="wf-input"
        type="password"
        autoComplete="new-password"
        aria-label={words.label}
        data-testid="wf-add-recovery-password-input"
        minLength={8}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {add.isError ? (
        <span role="alert" data-testid="wf-add-recovery-password-error">
          {localizeText(messageOf(add.error), messages.errors)}
        </span>
      ) : null}
      <button
        type="submit"
        className="wf-button"
        data-testid="wf-add-recovery-password-submit"
        disabled={add.isPending}
        aria-busy={add.isPending}
      >
        {add.isPending ? words.encrypting : words.add}
      </button>
      <button type="button" className="wf-button wf-button-secondary" onClick={() => setOpen(false)}>
        {words.cancel}
      </button>
    </form>
  )
}
