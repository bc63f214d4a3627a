// The pairing URI as a QR code, with the URI itself for copying. The QR encoder loads on first use.
import { useEffect, useState } from 'react'

export function WalletConnectQr({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string>()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    let live = true
    setSvg(undefined)
    void import('qrcode')
      .then((QRCode) => QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (live) setSvg(markup)
      })
      .catch((error: Error) => console.error('[walletframe] QR code', error))
    return () => {
      live = false
    }
  }, [uri])
  return (
    <div className="wf-stack wf-qr-block">
      <div className="wf-qr" data-testid="wf-wc-qr" data-uri={uri}>
        {svg ? (
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
            alt="QR code to scan with a wallet app"
          />
        ) : (
          <span className="wf-muted">Drawing QR code…</span>
        )}
      </div>
      <span hidden data-testid="wf-wc-uri" data-uri={uri} />
      <button
        type="button"
        className="wf-button wf-button-secondary"
        data-testid="wf-wc-copy"
        onClick={() => {
          void navigator.clipboard
            ?.writeText(uri)
            .then(() => setCopied(true))
            .catch(() => setCopied(false))
        }}
      >
        {copied ? 'Link copied' : 'Copy link'}
      </button>
    </div>
  )
}
