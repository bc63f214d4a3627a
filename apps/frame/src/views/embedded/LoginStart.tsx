// The first screen of email, social and passkey login: the email form, the social buttons and the
// passkey's, as markup only.
// The login's code loads after Connect paints; until it has, Connect shows this same markup inert
// (`LoginStartPlaceholder`), so the wallets below never move when the login arrives: a click aimed at
// a wallet lands on it instead of on a login button that slid under the pointer. A click on the
// placeholder does nothing; the buttons answer once the login has loaded, a moment later.
import type { Features, SocialProvider } from '@walletframe/protocol'
import type { ReactNode } from 'react'
import { useFrame } from '../../app/context.js'
import { useMessages } from '../../components/useMessages.js'
import type { PasskeyMode } from '../../lib/embeddedLogin.js'
import { socialLabels, socialsOf } from './socials.js'

/** Whether Connect offers email or social login at all. */
export function offersLogin(hasApi: boolean, features: Features | undefined): boolean {
  return hasApi && (features?.email !== false || socialsOf(features).length > 0)
}

export type LoginStartProps = {
  features: Features | undefined
  email: string
  onEmail(value: string): void
  agreed: boolean
  onAgreed(value: boolean): void
  busy: boolean
  onSubmitEmail(): void
  onChoose(provider: SocialProvider): void
  /** A passkey the user has, or a new wallet with a new one. */
  onPasskey(mode: PasskeyMode): void
  /** Shown between the email form and the social buttons (the blocked popup's notice). */
  between?: ReactNode
  /** Shown after the social buttons (errors, notes). */
  after?: ReactNode
  /** The placeholder's: shown, not operable. */
  inert?: boolean
  /**
   * The pointer came over the login or one of its controls took focus: the login's code and its key
   * Worker start loading then, so a click on "Continue with email" does not wait for them.
   */
  onNear?(): void
  /** Each provider's mark, from the login's chunk; the placeholder leaves the slots empty, same size. */
  marks?: Partial<Record<SocialProvider, ReactNode>>
}

export function LoginStart(props: LoginStartProps) {
  const { features, busy, agreed } = props
  const [first, ...others] = socialsOf(features)
  const off = busy || !agreed
  const messages = useMessages().login
  // The placeholder carries no test ids: a spec finds the login's controls only once they answer.
  const id = (name: string) => (props.inert ? undefined : name)
  return (
    <section
      className="wf-stack"
      aria-label={messages.region}
      inert={props.inert}
      onPointerEnter={props.onNear}
      onFocus={props.onNear}
    >
      {features?.legalCheckbox ? (
        <label className="wf-muted" data-testid={id('wf-legal-checkbox')}>
          <input
            type="checkbox"
            checked={agreed}
            onChange={(event) => props.onAgreed(event.target.checked)}
          />{' '}
          {messages.legal}
        </label>
      ) : null}
      {features?.email !== false ? (
        <form
          className="wf-stack"
          onSubmit={(event) => {
            event.preventDefault()
            props.onSubmitEmail()
          }}
        >
          <input
            className="wf-input"
            type="email"
            autoComplete="email"
            placeholder={messages.email}
            aria-label={messages.email}
            data-testid={id('wf-email-input')}
            required
            value={props.email}
            onChange={(event) => props.onEmail(event.target.value)}
          />
          <button type="submit" className="wf-button" disabled={off} data-testid={id('wf-email-submit')}>
            {busy ? messages.sending : messages.continueWithEmail}
          </button>
        </form>
      ) : null}
      {props.between}
      {first ? (
        // The first provider gets a full row; the others share a grid, so seven of them still leave
        // the wallets in view on a laptop screen. Each keeps "Continue with …" as its accessible name.
        <section className="wf-stack" aria-label={messages.social}>
          <button
            type="button"
            className="wf-list-item"
            disabled={off}
            data-testid={id(`wf-social-${first}`)}
            onClick={() => props.onChoose(first)}
          >
            <span className="wf-social-mark" aria-hidden="true">
              {props.marks?.[first]}
            </span>
            <span className="wf-social-label">{messages.continueWith(socialLabels[first])}</span>
          </button>
          {others.length ? (
            <div className="wf-social-grid">
              {others.map((provider) => (
                <button
                  type="button"
                  key={provider}
                  className="wf-list-item wf-social-tile"
                  aria-label={messages.continueWith(socialLabels[provider])}
                  disabled={off}
                  data-testid={id(`wf-social-${provider}`)}
                  onClick={() => props.onChoose(provider)}
                >
                  <span className="wf-social-mark" aria-hidden="true">
                    {props.marks?.[provider]}
                  </span>
                  <span>{socialLabels[provider]}</span>
                </button>
              ))}
            </div>
          ) : null}
        </section>
      ) : null}
      <section className="wf-stack" aria-label={messages.passkey}>
        <button
          type="button"
          className="wf-list-item"
          disabled={off}
          data-testid={id('wf-passkey-login')}
          onClick={() => props.onPasskey('get')}
        >
          <span>{messages.continueWithPasskey}</span>
        </button>
        <button
          type="button"
          className="wf-button-link"
          disabled={off}
          data-testid={id('wf-passkey-create')}
          onClick={() => props.onPasskey('create')}
        >
          {messages.createWithPasskey}
        </button>
      </section>
      {props.after}
    </section>
  )
}

const ignore = () => {}

/** Connect's stand-in while the login loads: the first screen as it will show, inert. */
export function LoginStartPlaceholder() {
  const frame = useFrame()
  const features = frame.host()?.features
  if (!offersLogin(Boolean(frame.api), features)) return null
  return (
    <LoginStart
      inert
      features={features}
      email=""
      onEmail={ignore}
      agreed={!features?.legalCheckbox}
      onAgreed={ignore}
      busy={false}
      onSubmitEmail={ignore}
      onChoose={ignore}
      onPasskey={ignore}
    />
  )
}
