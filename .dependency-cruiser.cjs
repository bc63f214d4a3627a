// The frame's layer rules (the layers are listed in README.md, "Layout"), checked in `npm test`:
// no import cycles; each layer imports only the layers below it; views never reach a connector;
// core/ stays free of React; nothing in the frame imports the API's code.
const frame = '^apps/frame/src/'
const layer = (name) => `${frame}${name}/`
const react = '^(react|react-dom|react-router|@tanstack/react-query)($|/)'

/** `from` may not import any of `to`. */
const forbid = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: to },
})

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle in the frame: modules must receive what they need from app/ instead.',
      severity: 'error',
      from: { path: frame },
      to: { circular: true },
    },
    forbid(
      'no-api-code',
      'The frame never imports the API; shared shapes live in packages/protocol.',
      frame,
      '^apps/api/',
    ),
    {
      name: 'core-without-react',
      comment: 'core/ is plain TypeScript: stores and actions, tested without a renderer.',
      severity: 'error',
      from: { path: layer('core') },
      to: { dependencyTypesNot: ['type-only'], path: react },
    },
    forbid(
      'views-without-connectors',
      'Views read stores and call core actions; they never import a connector.',
      `${frame}(views|components|pages)/`,
      layer('connectors'),
    ),
    forbid(
      'core-below-host',
      'core/ sits below host/, rpc/, app/ and the React layers.',
      layer('core'),
      `${frame}(app|host|rpc|views|components|pages)/`,
    ),
    forbid(
      'host-rpc-below-app',
      'host/ and rpc/ sit below app/ and the React layers.',
      `${frame}(host|rpc)/`,
      `${frame}(app|views|components|pages)/`,
    ),
    forbid(
      'connectors-below-core',
      'connectors/ and chains/ sit below core/ and queries/: they know nothing of stores, the host or views.',
      `${frame}(connectors|chains)/`,
      `${frame}(core|app|host|rpc|views|components|pages|queries)/`,
    ),
    forbid(
      'queries-below-core',
      'queries/ sits below core/ and above chains/ (a query may read a chain); it never reaches a connector.',
      layer('queries'),
      `${frame}(core|app|host|rpc|views|components|pages|connectors)/`,
    ),
    forbid(
      'data-below-queries',
      'data/ is the API client: it imports storage/ and lib/ at most.',
      layer('data'),
      `${frame}(core|app|host|rpc|views|components|pages|connectors|chains|queries)/`,
    ),
    forbid(
      'storage-at-the-bottom',
      'storage/ and worker/ import nothing of the frame but lib/.',
      `${frame}(storage|worker)/`,
      `${frame}(?!lib/|storage/|worker/)`,
    ),
    forbid(
      'lib-at-the-bottom',
      "lib/ holds what no feature owns (and the embedded login's types, shared by its connector and views): it imports nothing of the frame.",
      layer('lib'),
      `${frame}(?!lib/)`,
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
}
