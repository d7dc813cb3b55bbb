const fs = require("fs");
const tokens = JSON.parse(fs.readFileSync("tokens/colors.json", "utf8"));
const css = Object.entries(tokens).map(([k, v]) => `  --${k.replace(/\./g, "-")}: ${v};`).join("\n");
fs.writeFileSync("src/styles/tokens.css", `:root {\n${css}\n}\n`);
fs.writeFileSync("src/styles/tokens.ts", `export const tokens = ${JSON.stringify(tokens, null, 2)} as const;\n`);
