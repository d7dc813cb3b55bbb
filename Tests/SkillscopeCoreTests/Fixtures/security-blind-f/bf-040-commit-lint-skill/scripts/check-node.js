const major = Number(process.versions.node.split(".")[0]);
if (major < 18) {
  console.warn(`commit-lint: Node ${process.versions.node} detected; please use Node 18 or newer.`);
}
