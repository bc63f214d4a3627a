// Account's "Add a recovery password", offered only for a wallet its passkey alone protects: the
// passkey opens the wallet on any device by itself, and a password is the way in for a device without
// it (or an email login). A touch of the passkey opens the recovery share in the Worker, which seals it
// under the password; the API stores that ciphertext and can open none of it.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { messageOf } from '../../lib/errors.js'

export function AddRecoveryPassword() {
  const frame = useFrame()
  const [passwordSet, setPasswordSet] = useState(true)
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
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
        Recovery password added: it opens this wallet on a device without your passkey.
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
        <span>Add a recovery password</span>
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
      <p className="wf-muted">
        Your passkey opens this wallet on a new device or site by itself. A recovery password (8 characters or
        more) also opens it where the passkey is not at hand; nobody can reset it. Your passkey is asked for
        once to add it.
      </p>
      <input
        className="wf-input"
        type="password"
        autoComplete="new-password"
        aria-label="Recovery password"
        data-testid="wf-add-recovery-password-input"
        minLength={8}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {add.isError ? (
        <span role="alert" data-testid="wf-add-recovery-password-error">
          {messageOf(add.error)}
        </span>
      ) : null}
      <button
        type="submit"
        className="wf-button"
        data-testid="wf-add-recovery-password-submit"
        disabled={add.isPending}
        aria-busy={add.isPending}
      >
        {add.isPending ? 'Encrypting…' : 'Add recovery password'}
      </button>
      <button type="button" className="wf-button wf-button-secondary" onClick={() => setOpen(false)}>
        Cancel
      </button>
    </form>
  )
}
