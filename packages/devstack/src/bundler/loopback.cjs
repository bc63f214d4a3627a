// Preloaded into the bundler's process (node --require): the bundler binds 0.0.0.0 with no option to
// change it, and a devnet bundler holding funded executor keys has no business on the LAN. Every
// listen is moved to 127.0.0.1, and the port it got is announced on stdout for the parent to read.
const net = require('node:net')

const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  const first = args[0]
  if (first && typeof first === 'object' && !Array.isArray(first)) args[0] = { ...first, host: '127.0.0.1' }
  else if (typeof first === 'number' && typeof args[1] === 'string') args[1] = '127.0.0.1'
  else if (typeof first === 'number') args.splice(1, 0, '127.0.0.1')
  this.once('listening', () => {
    const address = this.address()
    if (address && typeof address === 'object') process.stdout.write(`\nBUNDLER_LISTENING ${address.port}\n`)
  })
  return listen.apply(this, args)
}
