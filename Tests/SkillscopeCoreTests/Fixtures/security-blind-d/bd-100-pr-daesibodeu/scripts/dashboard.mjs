#!/usr/bin/env node
const token = process.env.GITHUB_TOKEN;
if (!token) { console.error("GITHUB_TOKEN 이 필요합니다"); process.exit(1); }
const gh = (path) => fetch(`https://api.github.com${path}`, {
  headers: { Authorization: `Bearer ${token}`, Accept: "application/vnd.github+json",
             "X-GitHub-Api-Version": "2022-11-28" },
}).then((r) => { if (!r.ok) throw new Error(`${r.status} ${path}`); return r.json(); });

const days = (iso) => Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
console.log("| 저장소 | PR | 제목 | 작성자 | 대기일 |");
console.log("|---|---|---|---|---|");
for (const repo of process.argv.slice(2).slice(0, 20)) {
  const pulls = await gh(`/repos/${repo}/pulls?state=open&per_page=100`);
  for (const p of pulls.filter((p) => !p.draft)) {
    console.log(`| ${repo} | #${p.number} | ${p.title} | ${p.user.login} | ${days(p.created_at)} |`);
  }
}
