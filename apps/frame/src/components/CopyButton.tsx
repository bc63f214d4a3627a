// Copies a text to the clipboard and says so; a refused clipboard leaves the label unchanged.
import { useState } from 'react'

export function CopyButton(props: { text: string; label: string; copiedLabel: string; testId: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      className="wf-button wf-button-secondary"
      data-testid={props.testId}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(props.text)
          .then(() => setCopied(true))
          .catch(() => setCopied(false))
      }}
    >
      {copied ? props.copiedLabel : props.label}
    </button>
  )
}
