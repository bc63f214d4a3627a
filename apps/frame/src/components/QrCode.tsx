// A value as a QR code image. The encoder loads on first use (it is not in the boot bundle).
import { useEffect, useState } from 'react'
import { useViewMessages } from './useViewMessages.js'

export function QrCode(props: { value: string; alt: string; testId: string }) {
  const { value } = props
  const [svg, setSvg] = useState<string>()
  const drawing = useViewMessages().drawingQr
  useEffect(() => {
    let live = true
    setSvg(undefined)
    void import('qrcode')
      .then((QRCode) => QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (live) setSvg(markup)
      })
      .catch((error: Error) => console.error('[walletframe] QR code', error))
    return () => {
      live = false
    }
  }, [value])
  return (
    <div className="wf-qr" data-testid={props.testId} data-value={value}>
      {svg ? (
        <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={props.alt} />
      ) : (
        <span className="wf-muted">{drawing}</span>
      )}
    </div>
  )
}
