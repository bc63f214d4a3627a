// The entry of auth/callback.html: the popup's last page, without the modal's code (authCallback.ts).
import '../styles.css'
import { run } from './authCallback.js'

void run(document.getElementById('root') as HTMLElement)
