// /export: the window on the frame origin where "Show recovery phrase" shows it. The frame that opened
// it hands it a line to the Worker (lib/exportWindow.ts); the recovery password typed here, or the PRF
// output of a passkey touched here, goes to the Worker on it, and the phrase and keys come back on it,
// to be shown here only: a top-level window on the frame origin, which no host page can cover, frame
// or read.
import { useEffect, useState } from 'react'
import { messageOf } from '../lib/errors.js'
import * as ExportWindow from '../lib/exportWindow.js'
import { usePageMessages } from './pageMessages.js'

type Shown = Extract<ExportWindow.Revealed, { type: 'revealed' }>

export function ExportPage() {
  // The window that opened this one, as it was at load: a later navigation of it changes nothing here.
  const [opener] = useState(() => window.opener as Window | null)
  const [port, setPort] = useState<MessagePort>()
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [shown, setShown] = useState<Shown>()
  /** How the Worker said the phrase opens. */
  const [offer, setOffer] = useState<ExportWindow.Offer>()
  /** The offer's passkey challenge was answered: the next touch waits for the Worker's fresh one. */
  const [spent, setSpent] = useState(false)
  const { messages, localize } = usePageMessages()
  const words = messages.pages.export

  useEffect(() => {
    if (!opener || port) return
    const onMessage = (event: MessageEvent) => {
      if (event.source !== opener || event.origin !== window.location.origin) return
      const [handed] = event.ports
      if (ExportWindow.PortMessage.safeParse(event.data).success && handed) setPort(handed)
    }
    window.addEventListener('message', onMessage)
    // Hello until answered: the frame may still be fetching the wallet's shares.
    const hello = () => opener.postMessage({ type: ExportWindow.helloType }, window.location.origin)
    hello()
    const timer = setInterval(hello, 500)
    return () => {
      clearInterval(timer)
      window.removeEventListener('message', onMessage)
    }
  }, [opener, port])

  useEffect(() => {
    if (!port) return
    port.onmessage = (event: MessageEvent) => {
      const offered = ExportWindow.Offer.safeParse(event.data)
      if (offered.success) {
        setOffer(offered.data)
        setSpent(false)
        return
      }
      const answer = ExportWindow.Revealed.safeParse(event.data)
      if (!answer.success) return
      setBusy(false)
      if (answer.data.type === 'revealed') {
        setShown(answer.data)
        setPassword('')
        port.close()
      } else setError(answer.data.message)
    }
    return () => {
      port.onmessage = null
    }
  }, [port])

  if (!opener)
    return (
      <main className="wf-page" data-testid="wf-export-page">
        <p className="wf-error" role="alert">
          {messages.pages.notOpenedByWallet}
        </p>
      </main>
    )
  if (shown) return <Secrets shown={shown} />
  const touch = async (options: NonNullable<ExportWindow.Offer['passkey']>) => {
    if (!port || busy) return
    setBusy(true)
    setError(undefined)
    try {
      const message = await ExportWindow.touch(options)
      // The challenge is answered: the Worker offers a fresh one if this touch is refused.
      setSpent(true)
      port.postMessage(message)
    } catch (caught) {
      setBusy(false)
      setError(messageOf(caught))
    }
  }
  const ready = port !== undefined && offer !== undefined
  return (
    <main className="wf-page" data-testid="wf-export-page">
      <h1>{words.title}</h1>
      <p className="wf-muted">{offer && !offer.password ? words.introPasskey : words.intro}</p>
      {!ready ? (
        <p className="wf-muted" aria-busy="true" data-testid="wf-export-preparing">
          {messages.pages.preparing}
        </p>
      ) : null}
      {offer?.password ? (
        <form
          className="wf-stack"
          onSubmit={(event) => {
            event.preventDefault()
            if (!port || busy) return
            setBusy(true)
            setError(undefined)
            port.postMessage({ type: 'reveal', password } satisfies ExportWindow.Reveal)
          }}
        >
          <input
            className="wf-input"
            type="password"
            autoComplete="current-password"
            aria-label={words.password}
            data-testid="wf-export-password"
            minLength={8}
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button
            type="submit"
            className="wf-button"
            data-testid="wf-export-submit"
            disabled={!ready || busy}
            aria-busy={busy}
          >
            {busy ? words.checking : words.show}
          </button>
        </form>
      ) : null}
      {offer?.passkey ? (
        <button
          type="button"
          className={offer.password ? 'wf-button wf-button-secondary' : 'wf-button'}
          data-testid="wf-export-passkey"
          disabled={!ready || busy || spent}
          aria-busy={busy}
          // The touch runs in this click: the window's own user activation.
          onClick={() => offer.passkey && void touch(offer.passkey)}
        >
          {busy && !offer.password ? words.checking : words.usePasskey}
        </button>
      ) : null}
      {error ? (
        <p className="wf-error" role="alert" data-testid="wf-export-error">
          {localize(error)}
        </p>
      ) : null}
    </main>
  )
}

function Secrets({ shown }: { shown: Shown }) {
  const words = usePageMessages().messages.pages.export
  return (
    <main className="wf-page" data-testid="wf-export-page">
      <h1>{words.yourPhrase}</h1>
      <p className="wf-muted">{words.writeDown}</p>
      <ol className="wf-stack" data-testid="wf-export-phrase">
        {shown.mnemonic.split(' ').map((word, index) => (
          // The words repeat at times, their places never.
          // biome-ignore lint/suspicious/noArrayIndexKey: a word's place in the phrase is its identity
          <li key={index}>{word}</li>
        ))}
      </ol>
      <details>
        <summary>{words.privateKeys}</summary>
        <dl className="wf-stack">
          <dt>EVM ({shown.addresses.eip155})</dt>
          <dd data-testid="wf-export-evm-key">{shown.evmPrivateKey}</dd>
          <dt>Solana ({shown.addresses.solana})</dt>
          <dd data-testid="wf-export-solana-key">{shown.solanaSecretKey}</dd>
        </dl>
      </details>
      <button type="button" className="wf-button" onClick={() => window.close()}>
        {words.close}
      </button>
    </main>
  )
}
