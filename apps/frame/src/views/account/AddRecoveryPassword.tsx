// Account's "Add a recovery password", offered only for a wallet its passkey alone protects: the
// passkey opens the wallet on any device by itself, and a password is the way in for a device without
// it (or an email login). A touch of the passkey opens the recovery share in the Worker, which seals it
// under the password; the API stores that ciphertext and can open none of it.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useFrame } from '../../app/context.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import { PasswordForm } from './PasswordForm.js'

export function AddRecoveryPassword() {
  const frame = useFrame()
  const [passwordSet, setPasswordSet] = useState(true)
  const [open, setOpen] = useState(false)
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
    <PasswordForm
      testId="wf-add-recovery-password"
      testIds={{
        input: 'wf-add-recovery-password-input',
        error: 'wf-add-recovery-password-error',
        submit: 'wf-add-recovery-password-submit',
      }}
      label={words.label}
      autoComplete="new-password"
      words={{ submit: words.add, pending: words.encrypting, cancel: words.cancel }}
      intro={words.intro}
      pending={add.isPending}
      error={add.error}
      onSubmit={(password) => add.mutate(password)}
      onCancel={() => setOpen(false)}
    />
  )
}
