const { ESLint } = require("eslint");
const fs = require("fs");
const path = require("path");

(async () => {
  const src = process.argv[process.argv.indexOf("--src") + 1] || "src";
  const eslint = new ESLint();
  const results = await eslint.lintFiles([src]);
  const byDir = {};
  for (const r of results) {
    const dir = path.dirname(path.relative(process.cwd(), r.filePath));
    byDir[dir] = (byDir[dir] || 0) + r.errorCount + r.warningCount;
  }
  fs.mkdirSync("lint-report", { recursive: true });
  const rows = Object.entries(byDir).sort((a, b) => b[1] - a[1])
    .map(([d, n]) => `<tr><td>${d}</td><td>${n}</td></tr>`).join("\n");
  fs.writeFileSync("lint-report/index.html", `<table>${rows}</table>`);
})();
