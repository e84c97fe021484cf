// Preloaded into a measured process (node --import, which runs TypeScript as is on Node 24): prints
// its peak resident memory on exit.
process.on('exit', () => {
  process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`)
})
