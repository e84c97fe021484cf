import '@tanstack/react-query'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** `false` keeps a query out of the persisted offline cache. */
      persist?: boolean
    }
  }
}
