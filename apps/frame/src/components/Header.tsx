import { useMessages } from './useMessages.js'

export function Header(props: {
  title: string
  canGoBack: boolean
  /** False while required sign-in has no session: the close button is disabled. */
  canClose: boolean
  onBack(): void
  onClose(): void
}) {
  const messages = useMessages()
  return (
    <header className="wf-header">
      {props.canGoBack ? (
        <button
          type="button"
          className="wf-icon-button"
          aria-label={messages.back}
          data-testid="wf-back"
          onClick={props.onBack}
        >
          <span className="wf-mirrored" aria-hidden="true">
            ‹
          </span>
        </button>
      ) : (
        <span className="wf-icon-spacer" />
      )}
      <h2 id="wf-title" className="wf-title" key={props.title}>
        {props.title}
      </h2>
      <button
        type="button"
        className="wf-icon-button"
        aria-label={messages.close}
        data-testid="wf-close"
        disabled={!props.canClose}
        onClick={props.onClose}
      >
        ×
      </button>
    </header>
  )
}
