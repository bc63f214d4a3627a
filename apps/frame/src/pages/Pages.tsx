// The frame origin's real pages besides the modal: the OAuth popup return and the email
// device-approval link (ARCHITECTURE "The frame app").
import { createBrowserRouter, RouterProvider } from 'react-router'
import { NotAvailablePage } from './NotAvailablePage.js'

const router = createBrowserRouter([
  { path: '/auth/callback', element: <NotAvailablePage what="Social login" /> },
  { path: '/verify', element: <NotAvailablePage what="Email device approval" /> },
  { path: '*', element: <NotAvailablePage what="This page" /> },
])

export function Pages() {
  return <RouterProvider router={router} />
}
