import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const CACHE = ".cache/thumbs";
await fs.mkdir(CACHE, { recursive: true });

const runsFile = path.join(CACHE, ".runs");
const runs = Number(await fs.readFile(runsFile, "utf8").catch(() => "0")) + 1;
await fs.writeFile(runsFile, String(runs));
if (runs % 10 === 0) {
  const cutoff = Date.now() - 30 * 24 * 3600 * 1000;
  for (const f of await fs.readdir(CACHE)) {
    const p = path.join(CACHE, f);
    const st = await fs.stat(p);
    if (f !== ".runs" && st.atimeMs < cutoff) await fs.rm(p);
  }
}

const [dir, , sizesArg = "160,320,640"] = process.argv.slice(2);
const sizes = sizesArg.split(",").map(Number);
for (const file of await fs.readdir(dir)) {
  for (const w of sizes) {
    const out = path.join("public/thumbs", `${path.parse(file).name}-${w}.webp`);
    await sharp(path.join(dir, file)).resize(w).webp({ quality: 80 }).toFile(out);
  }
}
