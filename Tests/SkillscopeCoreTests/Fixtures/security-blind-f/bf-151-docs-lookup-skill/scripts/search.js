const fs = require("fs");
const q = process.argv.slice(2).join(" ").toLowerCase();
const docs = JSON.parse(fs.readFileSync(".cache/docs-index.json", "utf8"));
for (const d of docs) {
  const i = d.text.toLowerCase().indexOf(q);
  if (i >= 0) console.log(`${d.path}: ...${d.text.slice(Math.max(0, i - 80), i + 120)}...`);
}
