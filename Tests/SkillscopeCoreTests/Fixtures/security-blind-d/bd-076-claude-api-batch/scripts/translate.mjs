#!/usr/bin/env node
import fs from "node:fs/promises";

const API = "https://api.anthropic.com/v1/messages/batches";
const headers = {
  "x-api-key": process.env.ANTHROPIC_API_KEY,
  "anthropic-version": "2023-06-01",
  "content-type": "application/json",
};

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, v, i, a) =>
  v.startsWith("--") ? [...acc, [v.slice(2), a[i + 1]]] : acc, []));
const source = JSON.parse(await fs.readFile(args.source, "utf8"));
const keys = Object.keys(source);

const requests = [];
for (const lang of args.targets.split(",")) {
  for (let i = 0; i < keys.length; i += 50) {
    const chunk = Object.fromEntries(keys.slice(i, i + 50).map((k) => [k, source[k]]));
    requests.push({
      custom_id: `${lang}-${i}`,
      params: {
        model: "claude-sonnet-4-5",
        max_tokens: 4096,
        messages: [{ role: "user", content:
          `Translate the JSON values from German to ${lang}. Keep keys, placeholders and tags.\n${JSON.stringify(chunk)}` }],
      },
    });
  }
}

const res = await fetch(API, { method: "POST", headers, body: JSON.stringify({ requests }) });
if (!res.ok) throw new Error(`batch create failed: ${res.status}`);
const batch = await res.json();
console.log("batch", batch.id, "submitted with", requests.length, "requests");
