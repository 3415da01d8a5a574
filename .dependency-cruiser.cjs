/**
 * The import rules `npm test` holds the code to (`npm run deps`): no cycle anywhere in the
 * product's code, and the agent's layers import one way. `test/dependency-rules.test.ts` proves on
 * sample code that each rule catches what it names.
 */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "A module that reaches itself through its imports (type-only imports included) cannot be read, tested or moved on its own.",
      from: {},
      to: { circular: true },
    },
    {
      name: "graph-does-not-import-the-runtime",
      severity: "error",
      comment:
        "The graph (state, nodes, routers, policy, replies) is pure apart from the clients injected into it; turns, runs, leases and recovery wrap it from outside.",
      from: { path: "^agent/graph/" },
      to: { path: "^agent/runtime/" },
    },
    {
      name: "graph-does-not-query-the-database",
      severity: "error",
      comment: "Nodes reach the database only through the store injected into them (types may cross).",
      from: { path: "^agent/graph/" },
      to: { path: "^db/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "clients-do-not-import-the-runtime",
      severity: "error",
      comment: "Clients implement the graph's ports; the runtime builds them, never the other way round.",
      from: { path: "^agent/clients/" },
      to: { path: "^agent/runtime/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(\\.(test|spec)\\.tsx?$)|(^e2e/)|(^test/)|(^\\.next/)|(^\\.data/)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
  },
};
