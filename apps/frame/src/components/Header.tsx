export function Header(props: {
  title: string
  canGoBack: boolean
  /** False while required sign-in has no session: the close button is disabled. */
  canClose: boolean
  onBack(): void
  onClose(): void
}) {
  return (
    <header className="wf-header">
      {props.canGoBack ? (
        <button
          type="button"
          className="wf-icon-button"
          aria-label="Back"
          data-testid="wf-back"
          onClick={props.onBack}
        >
          ‹
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
        aria-label="Close"
        data-testid="wf-close"
        disabled={!props.canClose}
        onClick={props.onClose}
      >
        ×
      </button>
    </header>
  )
}
