#!/usr/bin/env node
'use strict';
const fs = require('fs');

const version = process.argv[2];
if (!version) { console.error('usage: announce.js vX.Y.Z'); process.exit(2); }
const url = process.env.SLACK_RELEASES_WEBHOOK;
if (!url || !url.startsWith('https://hooks.slack.com/')) {
  console.error('SLACK_RELEASES_WEBHOOK missing or not a Slack webhook'); process.exit(1);
}
const changelog = fs.readFileSync('CHANGELOG.md', 'utf8');
const section = changelog.split(/^## /m).find(s => s.startsWith(version.replace(/^v/, '')) || s.startsWith(version)) || '';
const lines = section.split('\n').slice(1).filter(l => l.startsWith('- ')).map(l => '• ' + l.slice(2));
const text = `:rocket: ${version} is out\n${lines.join('\n')}`;

fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) })
  .then(r => { if (!r.ok) throw new Error(`Slack returned ${r.status}`); console.log('announced'); })
  .catch(e => { console.error(e.message); process.exit(1); });
