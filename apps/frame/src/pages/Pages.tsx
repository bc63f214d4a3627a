// The frame origin's real pages besides the modal: the OAuth popup return and the email
// device-approval link (ARCHITECTURE "The frame app").
import { createBrowserRouter, RouterProvider } from 'react-router'
import { AuthCallbackPage } from './AuthCallbackPage.js'
import { NotAvailablePage } from './NotAvailablePage.js'
import { OnrampReturnPage } from './OnrampReturnPage.js'
import { VerifyPage } from './VerifyPage.js'

const router = createBrowserRouter([
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/onramp/return', element: <OnrampReturnPage /> },
  { path: '*', element: <NotAvailablePage what="This page" /> },
])

export function Pages() {
  return <RouterProvider router={router} />
}
