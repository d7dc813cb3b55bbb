#!/usr/bin/env node
const url = process.env.SLACK_WEBHOOK_URL || "";
if (!url.startsWith("https://hooks.slack.com/")) {
  console.error("SLACK_WEBHOOK_URL が未設定、または Slack の URL ではありません");
  process.exit(1);
}

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, v, i, a) =>
  v.startsWith("--") ? [...acc, [v.slice(2), a[i + 1]]] : acc, []));
const ok = args.status === "success";
const text = `${ok ? ":white_check_mark:" : ":x:"} デプロイ${ok ? "成功" : "失敗"} — ${args.env} v${args.version}` +
  (args.url ? `\n<${args.url}|CI ジョブ>` : "");

const res = await fetch(url, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ text }),
});
console.log(res.ok ? "通知しました" : `通知に失敗: ${res.status}`);
