// Account's "Passkeys" for an embedded wallet: the user's passkeys (where each was made, when, when
// last used, and whether it opens the wallet on a new device by itself), a new one added with the
// browser's dialog, one removed — never the account's last way to log in (the API refuses; its words
// show here). A passkey may be chosen as the second factor here (its touch turns it on). Loads with
// Account's first use of it, like "Two-factor authentication".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PasskeySummary } from '@walletframe/protocol'
import { useState } from 'react'
import { formatEther, parseEther } from 'viem'
import { useEmbeddedWallet } from '../../components/useEmbeddedWallet.js'
import { useLocale } from '../../components/useMessages.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import type { Passkeys as PasskeysApi } from '../../lib/embeddedLogin.js'
import { messageOf } from '../../lib/errors.js'
import { loginMessages } from '../../lib/loginMessages.js'
import * as PasskeySupport from '../../lib/passkeySupport.js'
import * as Popup from '../../lib/popup.js'
import { localizeText } from '../../locale/en/errors.js'
import * as PasskeyQueries from '../../queries/passkeys.js'

export function Passkeys() {
  const embedded = useEmbeddedWallet()
  return embedded ? <List passkeys={embedded.wallet.passkeys} user={embedded.user} /> : null
}

function List({ passkeys, user }: { passkeys: PasskeysApi; user: string }) {
  const queryClient = useQueryClient()
  const messages = useViewMessages()
  const words = messages.security.passkeys
  const locale = useLocale()
  const list = useQuery(PasskeyQueries.list(passkeys, user))
  const [blocked, setBlocked] = useState(false)
  const invalidate = () => queryClient.invalidateQueries({ queryKey: PasskeyQueries.passkeysKey })
  const add = useMutation({
    mutationFn: (popup?: Popup.MessagingPopup) => passkeys.add(popup),
    onSettled: invalidate,
  })
  const remove = useMutation({
    mutationFn: (credentialId: string) => passkeys.remove(credentialId),
    onSettled: invalidate,
  })
  const factor = useMutation({
    mutationFn: (on: boolean) => passkeys.setSecondFactor(on),
    onSettled: invalidate,
  })
  /**
   * Chromium creates the passkey in this iframe with the click's activation; elsewhere (Safari refuses
   * create in a cross-origin iframe) a window on the frame origin opens synchronously in the click.
   */
  const onAdd = () => {
    if (!PasskeySupport.needed()) {
      add.mutate(undefined)
      return
    }
    const popup = Popup.open(Popup.localized(PasskeySupport.path, locale), 'walletframe-passkey')
    setBlocked(!popup)
    if (popup) add.mutate(popup)
  }
  const error =
    list.error ??
    add.error ??
    remove.error ??
    factor.error ??
    (blocked ? new Error(loginMessages.passkeyWindowBlocked) : null)
  return (
    <section className="wf-stack" data-testid="wf-passkeys" aria-label={words.title}>
      <h3>{words.title}</h3>
      {error ? (
        <p className="wf-error" role="alert" data-testid="wf-passkeys-error">
          {localizeText(error.message, messages.errors)}
        </p>
      ) : null}
      {list.data ? (
        list.data.passkeys.length === 0 ? (
          <p className="wf-muted" data-testid="wf-passkeys-none">
            {words.none}
          </p>
        ) : (
          <ul className="wf-stack">
            {list.data.passkeys.map((passkey) => (
              <Item
                key={passkey.credentialId}
                passkey={passkey}
                busy={remove.isPending}
                onRemove={() => remove.mutate(passkey.credentialId)}
              />
            ))}
          </ul>
        )
      ) : null}
      {list.data && list.data.passkeys.length > 0 ? (
        <div className="wf-stack">
          <span className="wf-muted" data-testid="wf-passkeys-factor">
            {list.data.secondFactor ? words.isFactor : words.useAsFactor}
          </span>
          <button
            type="button"
            className="wf-button wf-button-secondary"
            data-testid="wf-passkeys-factor-toggle"
            disabled={factor.isPending}
            onClick={() => factor.mutate(!list.data?.secondFactor)}
          >
            {list.data.secondFactor ? words.stopFactor : words.startFactor}
          </button>
          {list.data.secondFactor && list.data.sendThreshold !== undefined ? (
            <SendThreshold passkeys={passkeys} threshold={list.data.sendThreshold} onSaved={invalidate} />
          ) : null}
        </div>
      ) : null}
      <button
        type="button"
        className="wf-button wf-button-secondary"
        data-testid="wf-passkeys-add"
        disabled={add.isPending || !list.data}
        onClick={onAdd}
      >
        {add.isPending ? words.waiting : words.add}
      </button>
    </section>
  )
}

function Item({ passkey, busy, onRemove }: { passkey: PasskeySummary; busy: boolean; onRemove(): void }) {
  const words = useViewMessages().security.passkeys
  const locale = useLocale()
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : words.never
  return (
    <li className="wf-list-item" data-testid="wf-passkey-item">
      <span>
        <span data-testid="wf-passkey-name">{passkey.name ?? words.passkey}</span>
        <span className="wf-muted">
          {words.added(when(passkey.createdAt))}
          {words.lastUsed(when(passkey.lastUsedAt))}
          {passkey.recovery ? words.opensOnNewDevice : ''}
        </span>
      </span>
      <button
        type="button"
        className="wf-button wf-button-secondary"
        data-testid="wf-passkey-remove"
        disabled={busy}
        onClick={onRemove}
      >
        {words.remove}
      </button>
    </li>
  )
}

/**
 * The amount of native coin above which a send asks for the passkey, where it is the user's only factor
 * (with the authenticator app on, "Two-factor authentication" sets it). Saving takes the passkey's touch.
 */
function SendThreshold(props: { passkeys: PasskeysApi; threshold: string | null; onSaved(): void }) {
  const messages = useViewMessages()
  const words = messages.security.passkeys
  const [amount, setAmount] = useState(props.threshold === null ? '' : formatEther(BigInt(props.threshold)))
  const save = useMutation({
    mutationFn: () =>
      props.passkeys.setSendThreshold(amount.trim() === '' ? null : parseEther(amount.trim()).toString()),
    onSettled: props.onSaved,
  })
  return (
    <form
      className="wf-stack"
      data-testid="wf-passkeys-threshold"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <p className="wf-muted" data-testid="wf-passkeys-threshold-current">
        {props.threshold === null ? words.noPasskey : words.passkeyOver(formatEther(BigInt(props.threshold)))}
      </p>
      <input
        className="wf-input"
        inputMode="decimal"
        aria-label={words.askOver}
        data-testid="wf-passkeys-threshold-amount"
        pattern="\d*\.?\d*"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      {save.isError ? (
        <p className="wf-error" role="alert">
          {localizeText(messageOf(save.error), messages.errors)}
        </p>
      ) : null}
      <button
        type="submit"
        className="wf-button wf-button-secondary"
        data-testid="wf-passkeys-threshold-save"
        disabled={save.isPending}
      >
        {words.save}
      </button>
    </form>
  )
}
