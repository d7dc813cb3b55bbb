#!/usr/bin/env node
// Thin wrapper; real work happens in lib/ (omitted in this excerpt).
const args = process.argv.slice(2);
console.log("icon-font-build", args.join(" "));
